// The live channel's source: tails the activity table (the durable event bus) and fans
// each new row out to every connected dashboard, so events from any process — a worker,
// the CLI — reach the browser within a second.
import type { ActivityItem, ActivityRepo } from '../core/activity/feed.ts';

export interface LiveClient {
  send(message: string): void;
}

export type LiveMessage =
  | ActivityItem
  | { type: 'campaign_updated'; data: { campaign_id: number } }
  | { type: 'lead_status_changed'; data: { lead_id: number; campaign_id: number | null } }
  | { type: 'email_status_changed'; activity_type: string; data: { new_status: string; email_id?: number; lead_id: number | null } }
  | { type: 'pong' };

const EMAIL_STATUS_EVENTS: Record<string, string> = { email_opened: 'OPENED', email_clicked: 'CLICKED', email_replied: 'REPLIED', email_sent: 'SENT', email_bounced: 'BOUNCED' };

/** What a batch of new activity means for the screens, besides the rows themselves. */
export function messagesFor(items: ActivityItem[]): LiveMessage[] {
  const out: LiveMessage[] = [...items];
  const campaigns = new Set<number>();
  const leads = new Map<number, number | null>();
  for (const item of items) {
    if (item.campaign_id !== null) campaigns.add(item.campaign_id);
    if (item.lead_id !== null) leads.set(item.lead_id, item.campaign_id);
    const status = EMAIL_STATUS_EVENTS[item.activity_type];
    if (status) out.push({ type: 'email_status_changed', activity_type: item.activity_type, data: { new_status: status, email_id: item.details.email_id as number | undefined, lead_id: item.lead_id } });
  }
  for (const id of campaigns) out.push({ type: 'campaign_updated', data: { campaign_id: id } });
  for (const [lead_id, campaign_id] of leads) out.push({ type: 'lead_status_changed', data: { lead_id, campaign_id } });
  return out;
}

export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private lastId = 0;
  private timer?: NodeJS.Timeout;
  private ticking = false;

  constructor(
    private readonly activity: ActivityRepo,
    private readonly intervalMs = 500,
  ) {}

  async start(): Promise<void> {
    this.lastId = await this.activity.lastId();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.clients.clear();
  }

  add(client: LiveClient): void {
    this.clients.add(client);
  }

  remove(client: LiveClient): void {
    this.clients.delete(client);
  }

  get size(): number {
    return this.clients.size;
  }

  private async tick(): Promise<void> {
    if (this.ticking) return; // a slow query must not pile up ticks
    this.ticking = true;
    try {
      for (;;) {
        const items = await this.activity.after(this.lastId, 200);
        if (items.length === 0) break;
        this.lastId = items[items.length - 1].id;
        if (this.clients.size === 0) continue; // keep up with the table, send nothing
        const payloads = messagesFor(items).map((m) => JSON.stringify(m));
        for (const client of this.clients) for (const p of payloads) client.send(p);
      }
    } catch (error) {
      console.error(`[live] ${(error as Error).message}`);
    } finally {
      this.ticking = false;
    }
  }
}
