// The bounce and complaint guard's rule (a window of sends → stop or not, with the figures),
// Resend's Svix signature, and the feedback-loop report (ARF) the reply mailbox recognises.
import { describe, expect, it } from 'vitest';
import { evaluateGuard, formatPercent, type GuardThresholds, type WindowSend } from '../../src/core/deliverability/guards.ts';
import { parseResendEvent, svixProblem } from '../../src/core/emails/resend-events.ts';
import { svixSign } from '../support/svix.ts';
import { feedbackReport, type IncomingMessage } from '../../src/core/replies/match.ts';

const T: GuardThresholds = { hardBouncePercent: 3, complaintPercent: 0.1, minSends: 50, windowSends: 200, windowDays: 7 };
const NOW = new Date('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;

/** `n` sends, one an hour back from NOW; the listed indexes bounced / complained. */
function sends(n: number, opts: { bounced?: number[]; complained?: number[]; startHoursAgo?: number } = {}): WindowSend[] {
  return Array.from({ length: n }, (_, i) => ({
    emailId: i + 1,
    at: new Date(NOW.getTime() - ((opts.startHoursAgo ?? 0) + i) * HOUR),
    hardBounce: opts.bounced?.includes(i) ?? false,
    complaint: opts.complained?.includes(i) ?? false,
  }));
}

describe('the guard rule', () => {
  it('stops above the hard-bounce threshold, with the figures in its reason', () => {
    const v = evaluateGuard(sends(96, { bounced: [1, 20, 40, 80] }), T, NOW);
    expect(v).toMatchObject({ stop: true, cause: 'hard_bounces', reason: '4 hard bounces in the last 96 sends (4.2 %, above 3 %)' });
    expect(v.figures).toMatchObject({ sends: 96, hardBounces: 4, complaints: 0 });
  });

  it('does not stop at or below a threshold', () => {
    // 3 in 100 is exactly 3 %: not above.
    expect(evaluateGuard(sends(100, { bounced: [1, 2, 3] }), T, NOW)).toMatchObject({ stop: false, figures: { hardBounces: 3, hardBounceRate: 3 } });
    expect(evaluateGuard(sends(200), T, NOW).stop).toBe(false);
  });

  it('stops on one complaint in a few hundred sends (above 0.1 %), and names bounces first when both are over', () => {
    expect(evaluateGuard(sends(150, { complained: [7] }), T, NOW)).toMatchObject({ stop: true, cause: 'complaints', reason: '1 spam complaint in the last 150 sends (0.67 %, above 0.1 %)' });
    expect(evaluateGuard(sends(60, { complained: [1], bounced: [2, 3] }), T, NOW)).toMatchObject({ stop: true, cause: 'hard_bounces' });
  });

  it('says nothing under the minimum number of sends, however bad the rate', () => {
    const v = evaluateGuard(sends(49, { bounced: [0, 1, 2, 3, 4], complained: [5] }), T, NOW);
    expect(v).toMatchObject({ stop: false, note: '49 sends so far: rates are read from 50 sends' });
    expect(evaluateGuard(sends(50, { bounced: [0, 1, 2, 3, 4] }), T, NOW).stop).toBe(true);
  });

  it('reads only the latest window_sends sends and none older than window_days', () => {
    // 5 bounces among the oldest 100 of 300 sends: outside the latest 200.
    expect(evaluateGuard(sends(300, { bounced: [210, 220, 230, 240, 250] }), { ...T, windowDays: 30 }, NOW)).toMatchObject({ stop: false, figures: { sends: 200, hardBounces: 0 } });
    expect(evaluateGuard(sends(300, { bounced: [10, 20, 30, 40, 50, 60, 70] }), { ...T, windowDays: 30 }, NOW)).toMatchObject({ stop: true, figures: { sends: 200, hardBounces: 7 } });
    // 60 sends, all 8 days old: nothing in the 7-day window.
    expect(evaluateGuard(sends(60, { bounced: [0, 1, 2, 3], startHoursAgo: 8 * 24 }), T, NOW)).toMatchObject({ stop: false, figures: { sends: 0 } });
    // 168 sends an hour apart: the oldest (7 days and more) drop out one by one.
    expect(evaluateGuard(sends(200), T, NOW).figures.sends).toBe(169);
  });

  it('formats small rates with enough digits', () => {
    expect([formatPercent(4.1666), formatPercent(3), formatPercent(0.1), formatPercent(0.0625)]).toEqual(['4.2 %', '3 %', '0.1 %', '0.06 %']);
  });
});

describe("Resend's webhook signature (Svix)", () => {
  const secret = `whsec_${Buffer.from('a test signing secret, 32 bytes!').toString('base64')}`;
  const body = JSON.stringify({ type: 'email.complained', created_at: '2026-11-28T12:00:00.000Z', data: { email_id: 're_1', to: ['Owner@Shop.example'] } });
  const ts = Math.floor(NOW.getTime() / 1000);

  it('accepts the signature Resend makes, among several', () => {
    const headers = { id: 'msg_1', timestamp: String(ts), signature: `v1,AAAA ${svixSign(secret, 'msg_1', ts, body)}` };
    expect(svixProblem(secret, headers, body, NOW)).toBeUndefined();
  });

  it('refuses a changed body, another secret, an old timestamp and missing headers, saying which', () => {
    const headers = { id: 'msg_1', timestamp: String(ts), signature: svixSign(secret, 'msg_1', ts, body) };
    expect(svixProblem(secret, headers, body.replace('re_1', 're_2'), NOW)).toMatch(/^svix-signature does not match/);
    expect(svixProblem(`whsec_${Buffer.from('another secret').toString('base64')}`, headers, body, NOW)).toMatch(/does not match/);
    expect(svixProblem(secret, { ...headers, timestamp: String(ts - 600) }, body, NOW)).toBe("svix-timestamp is not within 5 minutes of this server's clock");
    expect(svixProblem(secret, { ...headers, signature: undefined }, body, NOW)).toBe('Missing svix-id, svix-timestamp or svix-signature header');
  });

  it('reads complaints and permanent bounces, and ignores the rest', () => {
    expect(parseResendEvent(JSON.parse(body))).toEqual({ kind: 'complaint', name: 'email.complained', emailId: 're_1', to: ['owner@shop.example'], reason: undefined });
    expect(parseResendEvent({ type: 'email.bounced', data: { email_id: 're_2', to: ['a@b.example'], bounce: { type: 'Permanent', subType: 'General', message: 'No such user' } } })).toMatchObject({
      kind: 'bounce',
      reason: 'Permanent: General: No such user',
    });
    expect(parseResendEvent({ type: 'email.bounced', data: { email_id: 're_3', bounce: { type: 'Transient' } } })?.kind).toBe('ignored');
    expect(parseResendEvent({ type: 'email.opened', data: { email_id: 're_4' } })?.kind).toBe('ignored');
    expect(parseResendEvent({ type: 'email.complained', data: {} })).toBeUndefined();
    expect(parseResendEvent([1, 2])).toBeUndefined();
  });
});

describe('feedback-loop reports (ARF, RFC 5965)', () => {
  const original = 'From: <hello@agency.example>\r\nTo: <owner@shop.example>\r\nMessage-ID: <outreach.7.abcdefabcdef@agency.example>\r\nList-Unsubscribe: <https://agency.example/u/7.AAAAAAAAAAAAAAAAAAAAAA>\r\n\r\nHello';
  const msg = (contentType: string, extra: Partial<IncomingMessage> = {}): IncomingMessage => ({
    messageId: '<fbl-1@isp.example>',
    references: [],
    from: 'fbl@isp.example',
    subject: 'Abuse report',
    headers: { 'content-type': contentType },
    text: 'This is an abuse report',
    raw: `Message-ID: <fbl-1@isp.example>\r\nContent-Type: ${contentType}\r\n\r\n--b\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\nOriginal-Rcpt-To: <Owner@Shop.example>\r\n\r\n--b\r\nContent-Type: message/rfc822\r\n\r\n${original}\r\n--b--\r\n`,
    ...extra,
  });

  it('finds the original message, its unsubscribe token, the type and the recipient', () => {
    expect(feedbackReport(msg('multipart/report; report-type=feedback-report; boundary="b"'))).toEqual({
      feedbackType: 'abuse',
      messageIds: ['<fbl-1@isp.example>', '<outreach.7.abcdefabcdef@agency.example>'],
      unsubscribeTokens: ['7.AAAAAAAAAAAAAAAAAAAAAA'],
      originalRecipient: 'owner@shop.example',
    });
  });

  it('reads a base64 original from the decoded parts the adapter gives', () => {
    const report = feedbackReport(msg('multipart/report; report-type="feedback-report"', { raw: 'Content-Type: multipart/report\r\n\r\nb3JpZ2luYWw=', attached: ['Feedback-Type: fraud', original] }));
    expect(report).toMatchObject({ feedbackType: 'fraud', messageIds: ['<outreach.7.abcdefabcdef@agency.example>'] });
  });

  it('is no delivery report, and no plain message', () => {
    expect(feedbackReport(msg('multipart/report; report-type=delivery-status; boundary="b"'))).toBeUndefined();
    expect(feedbackReport(msg('text/plain'))).toBeUndefined();
  });
});
