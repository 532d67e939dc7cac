// The sequence rules: when a lead's follow-ups stop, business-day arithmetic, when a step is
// due (moved into the sending window), the threading headers, the sequence settings a
// campaign accepts, and the offline follow-up writer.
import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { composeFollowUp } from '../../src/core/drafts/follow-up.ts';
import type { DraftSubject } from '../../src/core/drafts/assess.ts';
import { saysPersonLeft, type IncomingMessage } from '../../src/core/replies/match.ts';
import type { EmailStatus } from '../../src/core/emails/status.ts';
import { EMAIL_LOCALES, type Finding } from '../../src/core/model/analysis.ts';
import { SequenceInput } from '../../src/core/model/sequence.ts';
import { localSlot } from '../../src/core/scheduling/optimal-time.ts';
import { addBusinessDays } from '../../src/core/sequences/business-days.ts';
import { stepDueAt } from '../../src/core/sequences/due.ts';
import { PERSON_LEFT, sequenceStopReason, STATUS_CHANGED_BY_HAND, type StopFacts } from '../../src/core/sequences/stop.ts';
import { replySubject, threadHeaders } from '../../src/core/drafts/thread.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';

const running: StopFacts = { leadStatus: 'OPENED', leadStopReason: null, suppression: null, stepStatuses: ['OPENED'], stopOnClick: false };
const stop = (over: Partial<StopFacts>) => sequenceStopReason({ ...running, ...over });

describe('the stop rule', () => {
  it('lets a sequence run while the lead has only been sent to, opened or (by default) clicked', () => {
    expect(stop({})).toBeUndefined();
    expect(stop({ leadStatus: 'EMAIL_SENT', stepStatuses: ['SENT'] })).toBeUndefined();
    expect(stop({ leadStatus: 'CLICKED', stepStatuses: ['CLICKED'] })).toBeUndefined();
    // A cancelled or failed step of its own does not stop the rest.
    expect(stop({ stepStatuses: ['SENT', 'FAILED'] as EmailStatus[] })).toBeUndefined();
  });

  it('stops on a reply, a bounce, an unsubscribe, a complaint, a suppression, a conversion or a hand-set status', () => {
    expect(stop({ leadStatus: 'REPLIED' })).toBe('the lead replied');
    expect(stop({ stepStatuses: ['SENT', 'REPLIED'] })).toBe('the lead replied');
    expect(stop({ leadStatus: 'BOUNCED' })).toBe('an email to the lead bounced');
    expect(stop({ stepStatuses: ['SENT', 'BOUNCED'] })).toBe('an email to the lead bounced');
    expect(stop({ leadStatus: 'UNSUBSCRIBED' })).toBe('the lead unsubscribed');
    expect(stop({ suppression: 'complained' })).toBe('the recipient complained (marked an email as spam)');
    expect(stop({ suppression: 'manual' })).toBe('the address is on the suppression list');
    expect(stop({ suppression: 'unsubscribed' })).toBe('the address unsubscribed');
    expect(stop({ leadStatus: 'CONVERTED' })).toBe('the lead was marked converted');
    expect(stop({ leadStopReason: STATUS_CHANGED_BY_HAND })).toBe(STATUS_CHANGED_BY_HAND);
    expect(stop({ leadStopReason: PERSON_LEFT })).toBe(PERSON_LEFT);
  });

  it('stops on a click only when the campaign says so', () => {
    expect(stop({ stopOnClick: true })).toBeUndefined();
    expect(stop({ stopOnClick: true, leadStatus: 'CLICKED' })).toBe('the lead clicked a link (this campaign stops on click)');
    expect(stop({ stopOnClick: true, stepStatuses: ['CLICKED', 'SENT'] })).toMatch(/clicked/);
  });

  it('names a reply first when several things happened', () => {
    expect(stop({ leadStatus: 'REPLIED', suppression: 'unsubscribed', leadStopReason: STATUS_CHANGED_BY_HAND })).toBe('the lead replied');
  });
});

const UTC = 'UTC';
const DENVER = 'America/Denver';
const at = (iso: string) => new Date(iso);

describe('business days', () => {
  it('skips Saturday and Sunday, keeping the time of day', () => {
    // 2026-04-10 is a Friday.
    expect(addBusinessDays(at('2026-04-10T10:00:00Z'), 1, UTC)).toEqual(at('2026-04-13T10:00:00Z'));
    expect(addBusinessDays(at('2026-04-10T10:00:00Z'), 3, UTC)).toEqual(at('2026-04-15T10:00:00Z'));
    expect(addBusinessDays(at('2026-04-08T10:00:00Z'), 7, UTC)).toEqual(at('2026-04-17T10:00:00Z'));
    // From a Saturday or a Sunday, the first business day is Monday.
    expect(addBusinessDays(at('2026-04-11T10:00:00Z'), 1, UTC)).toEqual(at('2026-04-13T10:00:00Z'));
    expect(addBusinessDays(at('2026-04-12T10:00:00Z'), 3, UTC)).toEqual(at('2026-04-15T10:00:00Z'));
    expect(addBusinessDays(at('2026-04-10T10:00:00Z'), 0, UTC)).toEqual(at('2026-04-10T10:00:00Z'));
  });

  it('reads the weekday in the given zone: Friday evening in Denver is Saturday in UTC', () => {
    const fridayEvening = at('2026-04-11T02:00:00Z'); // Fri 20:00 in Denver
    expect(addBusinessDays(fridayEvening, 1, DENVER)).toEqual(at('2026-04-14T02:00:00Z')); // Mon 20:00 Denver
    expect(addBusinessDays(fridayEvening, 1, UTC)).toEqual(at('2026-04-13T02:00:00Z')); // already Saturday in UTC: Monday 02:00
  });
});

describe('when a step is due', () => {
  const windows = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({ day, time_range: '09:00-17:00' }));

  it('is the step before plus its business days, when that falls inside a window', () => {
    expect(stepDueAt({ previousSentAt: at('2026-04-10T10:00:00Z'), businessDays: 3, windows, timezone: UTC })).toEqual(at('2026-04-15T10:00:00Z'));
  });

  it('moves into the next window when the moment falls outside one', () => {
    // Sent on Friday at 20:00 (approved by hand after hours): +3 is Wednesday 20:00, so Thursday 09:00.
    expect(stepDueAt({ previousSentAt: at('2026-04-10T20:00:00Z'), businessDays: 3, windows, timezone: UTC })).toEqual(at('2026-04-16T09:00:00Z'));
    // In Denver's hours, across the spring DST change (2026-03-08): 09:00 MDT is 15:00 UTC.
    const due = stepDueAt({ previousSentAt: at('2026-03-06T23:30:00Z'), businessDays: 1, windows, timezone: DENVER });
    expect(due).toEqual(at('2026-03-10T15:00:00Z'));
    expect(localSlot(due, DENVER)).toEqual({ day: 'Tuesday', hour: 9 });
  });

  it('is the business-day moment itself with no windows', () => {
    expect(stepDueAt({ previousSentAt: at('2026-04-10T23:00:00Z'), businessDays: 7, windows: [], timezone: UTC })).toEqual(at('2026-04-21T23:00:00Z'));
  });
});

describe('the thread', () => {
  it('answers the step before, with the whole chain in References', () => {
    expect(threadHeaders({ messageId: '<a@x.example>', references: null })).toEqual({ inReplyTo: '<a@x.example>', references: '<a@x.example>' });
    expect(threadHeaders({ messageId: 'b@x.example', references: '<a@x.example>' })).toEqual({ inReplyTo: '<b@x.example>', references: '<a@x.example> <b@x.example>' });
  });

  it('says Re: once', () => {
    expect(replySubject('An idea for Novak Dental')).toBe('Re: An idea for Novak Dental');
    expect(replySubject('Re: An idea')).toBe('Re: An idea');
  });
});

describe('sequence settings', () => {
  it('defaults to the first email only, and to +3, +7 business days for follow-ups', () => {
    expect(SequenceInput.parse({})).toEqual({ steps: 1, follow_up_days: [], stop_on_click: false, stop_on_report_view: false });
    expect(SequenceInput.parse({ steps: 3 })).toEqual({ steps: 3, follow_up_days: [3, 7], stop_on_click: false, stop_on_report_view: false });
    expect(SequenceInput.parse({ steps: 5, stop_on_click: true }).follow_up_days).toHaveLength(4);
  });

  it('refuses what cannot be a sequence, saying why', () => {
    const problem = (input: unknown) => SequenceInput.safeParse(input).error?.issues[0].message;
    expect(problem({ steps: 6 })).toBe('sequence.steps must be between 1 and 5');
    expect(problem({ steps: 0 })).toBe('sequence.steps must be between 1 and 5');
    expect(problem({ steps: 3, follow_up_days: [3] })).toBe('sequence.follow_up_days needs one delay per follow-up: 2 for 3 steps, not 1');
    expect(problem({ steps: 2, follow_up_days: [0] })).toBe('each follow-up waits 1 to 30 business days');
    expect(problem({ steps: 2, follow_up_days: [2.5] })).toBe('sequence.follow_up_days must be whole business days');
    expect(problem({ steps: 2, extra: 1 })).toMatch(/extra/);
  });
});

describe('automatic replies that say the person left', () => {
  const msg = (subject: string, text: string): IncomingMessage => ({ subject, text, references: [], headers: {} });
  it('are told apart from an out-of-office', () => {
    expect(saysPersonLeft(msg('Automatic reply', 'Maria is no longer with the company. Please write to info@shop.example.'))).toBe(true);
    expect(saysPersonLeft(msg('Automatic reply', 'Thank you. John has left the company.'))).toBe(true);
    expect(saysPersonLeft(msg('Automatische Antwort', 'Frau Weber ist nicht mehr im Unternehmen tätig.'))).toBe(true);
    expect(saysPersonLeft(msg('Réponse automatique', 'Madame Petit ne fait plus partie de notre équipe.'))).toBe(true);
    expect(saysPersonLeft(msg('Respuesta automática', 'Elena ya no trabaja con nosotros.'))).toBe(true);
    expect(saysPersonLeft(msg('Out of office', 'I am away until Monday and will reply when I am back.'))).toBe(false);
  });
});

const finding = (id: Finding['id'], value: number | null = null): Finding => ({ id, claim: id, evidence: 'seen', url: 'https://shop.example/', confidence: 0.9, value });
const lead = (over: Partial<DraftSubject> = {}): DraftSubject => ({
  url: 'https://novakdental.example/',
  companyName: 'Novak Dental',
  contactName: 'Maria Novak',
  industry: 'Dentist',
  city: 'Denver',
  businessSummary: null,
  findings: [finding('no_viewport'), finding('no_booking'), finding('broken_links', 3)],
  evidence: { business_name: { url: 'https://novakdental.example/', detail: '<title>', confidence: 0.9 } },
  websiteLanguage: 'en',
  country: 'US',
  ...over,
});
const sender = { name: 'Sam', signature: 'Best regards,\nSam' };

describe('the offline follow-up writer', () => {
  it('adds one point the first email did not make, in the thread, short, and passes the claim checker', async () => {
    const first = { subject: 'The Novak Dental website on mobile', body: 'Hi Maria,\n\n...', stated: ['no_viewport' as const] };
    const draft = await composeFollowUp(new HeuristicAi(), { lead: lead(), thread: [first], step: 2, steps: 3, sender });
    expect(draft.subject).toBe('Re: The Novak Dental website on mobile');
    expect(draft.claims.ok).toBe(true);
    expect(draft.reviewReason).toBeUndefined();
    const body = checkClaims({ subject: '', body: draft.body }, lead().findings).stated;
    expect(body).toHaveLength(1);
    expect(body).not.toContain('no_viewport');
    expect(draft.body).toMatch(/^(Hi|Hello) Maria,/);
    expect(draft.body.trimEnd().endsWith(sender.signature)).toBe(true);
    expect(draft.body.split(/\s+/).length).toBeLessThan(90);
  });

  it('nudges when every finding was used, and closes the loop on the last step', async () => {
    const used = { subject: 'An idea for Novak Dental', body: '...', stated: ['no_viewport', 'no_booking', 'broken_links'] as const };
    const nudge = await composeFollowUp(new HeuristicAi(), { lead: lead(), thread: [{ ...used, stated: [...used.stated] }], step: 2, steps: 3, sender });
    expect(checkClaims({ subject: '', body: nudge.body }, lead().findings).stated).toEqual([]);
    expect(nudge.claims.ok).toBe(true);
    const last = await composeFollowUp(new HeuristicAi(), { lead: lead(), thread: [{ ...used, stated: [...used.stated] }], step: 3, steps: 3, sender });
    expect(last.body).toMatch(/last note/);
    expect(last.body).not.toBe(nudge.body);
  });

  it('writes in the lead’s language and passes the claim checker in every locale', async () => {
    const langs: Record<(typeof EMAIL_LOCALES)[number], [string, string]> = { 'en-US': ['en', 'US'], 'en-GB': ['en', 'GB'], es: ['es', 'ES'], fr: ['fr', 'FR'], de: ['de', 'DE'], 'de-CH': ['de', 'CH'], pt: ['pt', 'BR'], 'pt-PT': ['pt', 'PT'], 'es-419': ['es', 'MX'], it: ['it', 'IT'], nl: ['nl', 'NL'], pl: ['pl', 'PL'] };
    for (const locale of EMAIL_LOCALES) {
      const [language, country] = langs[locale];
      for (const stated of [[], ['no_viewport'], ['no_viewport', 'no_booking', 'broken_links']] as Finding['id'][][]) {
        const draft = await composeFollowUp(new HeuristicAi(), { lead: lead({ websiteLanguage: language, country }), thread: [{ subject: 'Hallo', body: '...', stated }], step: 2, steps: 2, sender });
        expect(draft.claims.ok, `${locale} ${stated}: ${draft.claims.problems.map((p) => p.reason)}`).toBe(true);
        expect(draft.reviewReason).toBeUndefined();
        expect(draft.quality.parts.find((p) => p.name === 'language')?.passed, `${locale}: ${draft.body}`).toBe(true);
      }
    }
  });
});
