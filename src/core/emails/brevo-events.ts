// Brevo's transactional webhook payload, reduced to what tracking acts on. Brevo posts one
// event object (or a batch as an array) with `event`, `email`, `message-id`, `date` or
// `ts_event`, and `reason` for bounces. Deliveries, opens and clicks are ignored: we track
// those ourselves, and counting Brevo's too would count every engagement twice.

export type BrevoEventKind = 'bounce' | 'complaint' | 'unsubscribe' | 'ignored';

export interface BrevoEvent {
  kind: BrevoEventKind;
  /** Brevo's event name as sent, e.g. hard_bounce. */
  name: string;
  messageId: string;
  /** Lower-cased recipient, when given. */
  email?: string;
  reason?: string;
}

// Keys are the names without separators, so hard_bounce and hardBounce read the same.
const KINDS: Record<string, BrevoEventKind> = {
  hardbounce: 'bounce',
  blocked: 'bounce',
  invalidemail: 'bounce',
  spam: 'complaint',
  complaint: 'complaint',
  unsubscribed: 'unsubscribe',
  unsubscribe: 'unsubscribe',
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The events in a payload, or undefined when it is neither an object nor an array. Malformed entries are dropped. */
export function parseBrevoEvents(payload: unknown): BrevoEvent[] | undefined {
  const items = Array.isArray(payload) ? payload : payload && typeof payload === 'object' ? [payload] : undefined;
  if (!items) return undefined;
  const events: BrevoEvent[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const raw = item as Record<string, unknown>;
    const name = text(raw.event);
    const messageId = text(raw['message-id']) ?? text(raw.message_id) ?? text(raw.messageId);
    if (!name || !messageId) continue;
    events.push({
      kind: KINDS[name.toLowerCase().replace(/[^a-z]/g, '')] ?? 'ignored',
      name: name.slice(0, 40),
      messageId,
      email: text(raw.email)?.toLowerCase(),
      reason: text(raw.reason)?.slice(0, 300),
    });
  }
  return events;
}
