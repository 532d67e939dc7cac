import { describe, expect, it } from 'vitest';
import defaults from '../../config/default.json' with { type: 'json' };
import { parseBrevoEvents } from '../../src/core/emails/brevo-events.ts';
import { machineReason, type HitFacts } from '../../src/core/emails/machine-filter.ts';

const options = { machineClickWindowSeconds: defaults.email.tracking.machine_click_window_seconds, scannerUserAgents: defaults.email.tracking.scanner_user_agents };
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const sentAt = new Date('2025-03-04T10:00:00Z');
const after = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);
const hit = (fields: Partial<HitFacts>): HitFacts => ({ kind: 'click', method: 'GET', userAgent: BROWSER, at: after(120), sentAt, ...fields });

describe('machineReason', () => {
  it('lets a person through: a browser GET, minutes after sending', () => {
    expect(machineReason(hit({}), options)).toBeUndefined();
    expect(machineReason(hit({ kind: 'open', at: after(1) }), options)).toBeUndefined(); // the click window is for clicks only
  });

  it('flags HEAD requests, empty and scanner user agents, case-insensitively', () => {
    expect(machineReason(hit({ method: 'HEAD' }), options)).toBe('head_request');
    expect(machineReason(hit({ kind: 'open', method: 'head' }), options)).toBe('head_request');
    expect(machineReason(hit({ userAgent: undefined }), options)).toBe('no_user_agent');
    expect(machineReason(hit({ userAgent: '   ' }), options)).toBe('no_user_agent');
    expect(machineReason(hit({ userAgent: 'Mozilla/5.0 (compatible; Barracuda Sentinel)' }), options)).toBe('scanner_user_agent');
    expect(machineReason(hit({ kind: 'open', userAgent: 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' }), options)).toBe('scanner_user_agent');
  });

  it('flags a click within the window after sending, and not one just after it', () => {
    expect(machineReason(hit({ at: after(3) }), options)).toBe('too_soon_after_send');
    expect(machineReason(hit({ at: after(options.machineClickWindowSeconds) }), options)).toBe('too_soon_after_send');
    expect(machineReason(hit({ at: after(options.machineClickWindowSeconds + 1) }), options)).toBeUndefined();
  });

  it('flags the honeypot link whatever else the request looks like', () => {
    expect(machineReason(hit({ honeypot: true }), options)).toBe('honeypot');
  });
});

describe('parseBrevoEvents', () => {
  it('reads one event or a batch, classifying what tracking acts on', () => {
    const one = { event: 'hard_bounce', email: 'Info@Shop.example', 'message-id': '<x@y>', reason: 'mailbox does not exist', ts_event: 1 };
    expect(parseBrevoEvents(one)).toEqual([{ kind: 'bounce', name: 'hard_bounce', messageId: '<x@y>', email: 'info@shop.example', reason: 'mailbox does not exist' }]);
    const kinds = parseBrevoEvents(['spam', 'unsubscribed', 'blocked', 'invalid_email', 'delivered', 'opened', 'click', 'soft_bounce'].map((event) => ({ event, 'message-id': '<m@x>' })));
    expect(kinds?.map((e) => e.kind)).toEqual(['complaint', 'unsubscribe', 'bounce', 'bounce', 'ignored', 'ignored', 'ignored', 'ignored']);
  });

  it('drops entries without an event or message id, and refuses what is not an object', () => {
    expect(parseBrevoEvents([{ event: 'spam' }, 'text', null, { 'message-id': '<a@b>' }])).toEqual([]);
    expect(parseBrevoEvents('hard_bounce')).toBeUndefined();
    expect(parseBrevoEvents(null)).toBeUndefined();
  });
});
