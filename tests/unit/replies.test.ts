// Reply matching and auto-reply detection on real raw messages (tests/fixtures/replies,
// parsed by mailparser as the IMAP adapter does), and the ReplyService over fake ports.
import { PERSON_LEFT } from '../../src/core/sequences/stop.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '../../src/core/events.ts';
import { ImapSettings, ReplyEffects, ReplyInbox, ReplyPoller, ReplyService, type IncomingMessage, type MailboxItem, type RepliedEmail, type ReplyInboxRepo, type ReplyRepo, type StoredReply } from '../../src/core/replies/index.ts';
import { autoReplyReason, isUnsubscribeRequest, matchEmailId, replySnippet } from '../../src/core/replies/match.ts';
import type { LeadStatus } from '../../src/core/model/lead.ts';
import { SuppressionList, type Suppression } from '../../src/core/emails/suppression.ts';
import { TrackingTokens } from '../../src/core/emails/tracking-token.ts';
import { SecretCipher } from '../../src/core/settings/cipher.ts';
import { SettingsStore, type StoredSetting } from '../../src/core/settings/store.ts';
import { parseIncoming } from '../../src/providers/mail/parse-incoming.ts';
import { MemoryLeadStatuses } from '../support/memory-lead-statuses.ts';
import { stageAfterReply, type ReplySignal } from '../../src/core/deals/stages.ts';
import type { DealStage } from '../../src/core/model/reply-classes.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';

const tokens = new TrackingTokens(new Uint8Array(32).fill(7));
const OUR_ID = tokens.messageId(42, 'hello@agency.example');
const FORGED_ID = OUR_ID.replace(/\.[A-Za-z0-9_-]{12}@/, '.AAAAAAAAAAAA@');
const resolve = (id: string) => tokens.emailIdFromMessageId(id);

async function fixture(name: string): Promise<IncomingMessage> {
  const raw = readFileSync(join(import.meta.dirname, '../fixtures/replies', `${name}.eml`), 'utf8');
  return parseIncoming(raw.replaceAll('{{OUR_ID}}', OUR_ID).replaceAll('{{FORGED_ID}}', FORGED_ID));
}

describe('matching a reply to our email', () => {
  it('uses In-Reply-To, then References, and only ids that carry our signature', async () => {
    expect(matchEmailId(await fixture('gmail-reply'), resolve)).toBe(42);
    expect(matchEmailId(await fixture('outlook-html-references'), resolve)).toBe(42); // References only, not the last-but-one
    expect(matchEmailId(await fixture('forged-id'), resolve)).toBeUndefined();
    expect(matchEmailId(await fixture('unsubscribe-mailto'), resolve)).toBeUndefined();
    const other = tokens.messageId(7, 'hello@agency.example');
    expect(matchEmailId({ references: [`${other} ${OUR_ID}`], inReplyTo: other, subject: '', headers: {}, text: '' }, resolve)).toBe(7);
  });
});

describe('automatic replies', () => {
  it.each([
    ['outlook-ooo', /Auto-Submitted: auto-generated/],
    ['abwesenheit-subject-only', /subject "Abwesenheitsnotiz: Re: Ihre Webseite"/],
    ['reponse-automatique', /Réponse automatique/],
    ['vacation-precedence', /Precedence: bulk/],
    ['dsn-report', /delivery or read report/],
  ])('%s is written by a machine', async (name, reason) => {
    expect(autoReplyReason(await fixture(name))).toMatch(reason);
  });

  it.each(['gmail-reply', 'outlook-html-references', 'human-mentions-office', 'unsubscribe-mailto'])('%s is written by a person', async (name) => {
    expect(autoReplyReason(await fixture(name))).toBeUndefined();
  });

  it('knows the other headers and subjects autoresponders use', () => {
    const msg = (headers: Record<string, string>, subject = 'Re: hello') => ({ references: [], subject, headers, text: '' });
    expect(autoReplyReason(msg({ 'x-autoreply': 'yes' }))).toBeDefined();
    expect(autoReplyReason(msg({ 'x-autorespond': 'Out of office' }))).toBeDefined();
    expect(autoReplyReason(msg({ precedence: 'auto_reply' }))).toBeDefined();
    expect(autoReplyReason(msg({ precedence: 'first-class' }))).toBeUndefined();
    for (const subject of ['Out of Office: Re: hello', 'Auto: Re: hello', 'Autoreply: hello', 'Vacation', 'Automatische Antwort: hi']) {
      expect(autoReplyReason(msg({}, subject)), subject).toBeDefined();
    }
  });
});

describe('the snippet and unsubscribe requests', () => {
  it('keeps the new text and drops the quoted history', async () => {
    expect(replySnippet((await fixture('gmail-reply')).text)).toBe('Hi Alex, Thanks for reaching out – yes, our site is overdue for a refresh. Could you call me on Thursday? Maria');
    expect(replySnippet((await fixture('outlook-html-references')).text)).toBe('Guten Tag, gerne, schicken Sie mir ein Angebot für die neue Seite. Grüße, Peter');
    expect(replySnippet((await fixture('human-mentions-office')).text)).toBe("I was out of the office last week, sorry for the late answer. Yes, let's talk.");
    expect(replySnippet('x'.repeat(500))).toHaveLength(300);
  });

  it('recognises the List-Unsubscribe mailto and a bare "unsubscribe" reply, not a sentence about it', async () => {
    expect(isUnsubscribeRequest(await fixture('unsubscribe-mailto'))).toBe(true);
    const reply = (text: string, subject = 'Re: A quick idea') => ({ references: [], subject, headers: {}, text });
    expect(isUnsubscribeRequest(reply('Unsubscribe\n\nOn Tue, 3 Jun 2025, Alex wrote:\n> hello'))).toBe(true);
    expect(isUnsubscribeRequest(reply('How do I unsubscribe from your newsletter?'))).toBe(false);
    expect(isUnsubscribeRequest(await fixture('gmail-reply'))).toBe(false);
  });
});

// ---- the service over fake ports ----

function fakeRepo(emails: RepliedEmail[], leadStatus: LeadStatus = 'EMAIL_SENT') {
  const leads = new Map(emails.map((e) => [e.leadId, leadStatus]));
  const interactions: { leadId: number; emailId: number; type: string; description: string; metadata: Record<string, unknown> }[] = [];
  const stops = new Map<number, string>();
  const repo: ReplyRepo = {
    find: async (id) => emails.find((e) => e.id === id),
    lastSentTo: async (address) => emails.find((e) => e.recipientEmail === address),
    seen: async (key) => interactions.some((i) => i.metadata.message_id === key),
    markReplied: async (id, from, to) => {
      const email = emails.find((e) => e.id === id && e.status === from);
      if (email) email.status = to;
      return Boolean(email);
    },
    addInteraction: async (i) => void interactions.push(i),
    stopSequence: async (leadId, reason) => void (stops.has(leadId) || stops.set(leadId, reason)),
    moveStatus: async (id, from, to) => {
      const email = emails.find((e) => e.id === id && e.status === from);
      if (email) email.status = to;
      return Boolean(email);
    },
  };
  return { repo, leadStatus: new MemoryLeadStatuses(leads), leads, interactions, stops };
}

function service(emails: RepliedEmail[], inbox: MailboxItem[] = []) {
  const fake = fakeRepo(emails);
  const events: ActivityEvent[] = [];
  const entries: Suppression[] = [];
  const suppressions = new SuppressionList({
    add: async (email, reason, source) => (entries.some((e) => e.email === email) ? false : Boolean(entries.push({ email, reason, source, created_at: '' }))),
    remove: async () => false,
    list: async () => entries,
    findAny: async (list) => entries.find((e) => list.includes(e.email)),
  });
  const saved: unknown[] = [];
  const settings = {
    account: async () => ({ host: 'imap.test', port: 993, user: 'u', password: 'p', mailbox: 'INBOX' }),
    cursor: async () => undefined,
    saveCursor: async (c: unknown) => void saved.push(c),
  } as unknown as ImapSettings;
  const connect = async () => ({ messages: async function* () { yield* inbox; } });
  const eventSink = { emit: async (e: ActivityEvent) => void events.push(e) };
  const stored = memoryInbox();
  const effects = new ReplyEffects({ repo: fake.repo, leadStatus: fake.leadStatus, deals: stored.deals, suppressions, events: eventSink });
  const inboxService = new ReplyInbox({ repo: stored.repo, effects, ai: async () => new HeuristicAi(), rawMaxBytes: 1024, now: () => new Date() });
  const replies = new ReplyService({ repo: fake.repo, tokens, inbox: inboxService, effects, settings, connect, firstPollDays: 14 });
  return { ...fake, replies, events, entries, saved, stored: stored.rows, stages: stored.stages };
}

/** The inbox's storage in memory: enough for the service's part (store, classify, deal stage). */
function memoryInbox() {
  const rows: StoredReply[] = [];
  const stages = new Map<number, DealStage>();
  const repo = {
    insert: async (r) => {
      const found = rows.find((x) => x.messageKey === r.messageKey);
      if (found) return found;
      const row: StoredReply = { ...r, id: rows.length + 1, readAt: null, class: null, sentiment: null, classSource: null, classifiedAt: null, classifyError: null };
      rows.push(row);
      return row;
    },
    find: async (id) => rows.find((r) => r.id === id) as never,
    setAiClass: async (id, c, at) => {
      const row = rows.find((r) => r.id === id);
      if (!row || row.classSource === 'operator') return false;
      Object.assign(row, { ...c, classSource: 'ai', classifiedAt: at, classifyError: null });
      return true;
    },
    setClassifyError: async (id, reason) => void Object.assign(rows.find((r) => r.id === id)!, { classifyError: reason }),
  } as Partial<ReplyInboxRepo> as ReplyInboxRepo;
  // The deal board's rule (forward only), on a map of stages.
  const deals = {
    dealFromReply: async (leadId: number, signal: ReplySignal) => {
      const stage = stageAfterReply(stages.get(leadId) ?? null, signal);
      if (stage) stages.set(leadId, stage);
      return stage;
    },
  };
  return { repo, deals, rows, stages };
}

const sent = (status: RepliedEmail['status'] = 'SENT'): RepliedEmail => ({ id: 42, leadId: 1, campaignId: 3, recipientEmail: 'owner@shop1.example', subject: 'A quick idea', status });

describe('ReplyService', () => {
  it('applies a reply once: email and lead REPLIED, one interaction, one event', async () => {
    const email = sent('CLICKED');
    const s = service([email]);
    const reply = await fixture('gmail-reply');
    expect(await s.replies.handle(reply)).toBe('reply');
    expect(await s.replies.handle(reply)).toBe('duplicate');
    expect(email.status).toBe('REPLIED');
    expect(s.leads.get(1)).toBe('REPLIED');
    expect(s.interactions.map((i) => i.type)).toEqual(['email_replied']); // the deal's move is recorded by DealService
    expect(s.interactions[0]).toMatchObject({ type: 'email_replied', metadata: { message_id: '<CAF3xK=q8+gmail-reply-1@mail.gmail.com>', from: 'owner@shop1.example' } });
    expect(s.events).toEqual([
      expect.objectContaining({ activityType: 'email_replied', status: 'success', campaignId: 3, leadId: 1, details: expect.objectContaining({ email_id: 42 }) }),
      // "Could you call me on Thursday?": a meeting request moves the deal and notifies the dashboard.
      expect.objectContaining({ activityType: 'reply_notification', details: expect.objectContaining({ class: 'meeting_request', deal_stage: 'meeting_booked' }) }),
    ]);
    expect(s.stored).toHaveLength(1);
    expect(s.stored[0]).toMatchObject({ emailId: 42, leadId: 1, fromAddress: 'owner@shop1.example', class: 'meeting_request', sentiment: 'positive', classSource: 'ai' });
    expect(s.stages.get(1)).toBe('meeting_booked');
  });

  it('notes an auto-reply without counting it, and leaves a bounced email bounced', async () => {
    const s = service([sent()]);
    expect(await s.replies.handle(await fixture('outlook-ooo'))).toBe('auto_reply');
    expect(s.interactions.map((i) => i.type)).toEqual(['auto_reply']);
    expect(s.leads.get(1)).toBe('EMAIL_SENT');
    expect(s.events).toEqual([]);

    const bounced = sent('BOUNCED');
    const b = service([bounced]);
    expect(await b.replies.handle(await fixture('gmail-reply'))).toBe('reply');
    expect(bounced.status).toBe('BOUNCED');
  });

  it('stops the follow-ups when an automatic reply says the person has left, not for an out-of-office', async () => {
    const s = service([sent()]);
    expect(await s.replies.handle(await fixture('outlook-ooo'))).toBe('auto_reply');
    expect(s.stops.size).toBe(0);
    const left = { ...(await fixture('outlook-ooo')), messageId: '<left-1@shop1.example>', text: 'Maria Lopez is no longer with the company. Please contact info@shop1.example.' };
    expect(await s.replies.handle(left)).toBe('auto_reply');
    expect(s.stops.get(1)).toBe(PERSON_LEFT);
    expect(s.leads.get(1)).toBe('EMAIL_SENT'); // not counted as a reply
    expect(s.interactions[1]).toMatchObject({ type: 'auto_reply', metadata: { person_left: true } });
  });

  it('suppresses the sender of an "unsubscribe" mail it wrote to, and ignores strangers', async () => {
    const s = service([{ ...sent(), recipientEmail: 'owner@shop9.example' }]);
    expect(await s.replies.handle(await fixture('unsubscribe-mailto'))).toBe('unsubscribe');
    expect(await s.replies.handle(await fixture('unsubscribe-mailto'))).toBe('duplicate');
    expect(s.entries).toMatchObject([{ email: 'owner@shop9.example', reason: 'unsubscribed', source: 'email reply' }]);
    expect(s.leads.get(1)).toBe('UNSUBSCRIBED');
    expect(s.events.map((e) => e.activityType)).toEqual(['unsubscribed']);

    const stranger = service([sent()]);
    expect(await stranger.replies.handle(await fixture('unsubscribe-mailto'))).toBe('unmatched');
    expect(stranger.entries).toEqual([]);
  });

  it('polls: counts what it read, saves the cursor after every message, and skips unreadable ones', async () => {
    const cursor = (lastUid: number) => ({ account: 'u@imap.test:993/INBOX', uidValidity: '9', lastUid });
    const s = service([sent()], [
      { cursor: cursor(5), message: await fixture('gmail-reply') },
      { cursor: cursor(6), error: 'message UID 6 could not be read' },
      { cursor: cursor(7), message: await fixture('outlook-ooo') },
      { cursor: cursor(9) },
    ]);
    expect(await s.replies.poll()).toEqual({ configured: true, checked: 3, replies: 1, auto_replies: 1, unsubscribes: 0, bounces: 0, complaints: 0 });
    expect(s.saved).toEqual([cursor(5), cursor(6), cursor(7), cursor(9)]);
  });
});

describe('IMAP settings', () => {
  const store = (values: Record<string, string>, env: Record<string, string> = {}) => {
    const rows = new Map<string, StoredSetting>(Object.entries(values).map(([key, value]) => [key, { key, value, encrypted: false, updatedAt: new Date() }]));
    return new SettingsStore(
      { get: async (k) => rows.get(k), getMany: async (keys) => keys.flatMap((k) => rows.get(k) ?? []), put: async (s) => void rows.set(s.key, { ...s, updatedAt: new Date() }), delete: async () => 0 },
      new SecretCipher(new Uint8Array(32)),
      env,
    );
  };
  const defaults = { default_port: 993, mailbox: 'INBOX' };

  it('is off without a host, complete from the environment, and says what is missing', async () => {
    expect(await new ImapSettings(store({}), defaults).account()).toBeUndefined();
    const env = { OUTREACH_IMAP_HOST: 'imap.example', OUTREACH_IMAP_USER: 'me', OUTREACH_IMAP_PASSWORD: 'pw' };
    expect(await new ImapSettings(store({}, env), defaults).account()).toEqual({ host: 'imap.example', port: 993, user: 'me', password: 'pw', mailbox: 'INBOX' });
    await expect(new ImapSettings(store({ imap_host: 'imap.example' }), defaults).account()).rejects.toThrow('set imap_user and imap_password');
    await expect(new ImapSettings(store({}, { ...env, OUTREACH_IMAP_PORT: 'x' }), defaults).account()).rejects.toThrow('imap_port must be a port number');
  });

  it('forgets a cursor saved for another account', async () => {
    const settings = new ImapSettings(store({}), defaults);
    await settings.saveCursor({ account: 'a', uidValidity: '1', lastUid: 10 });
    expect(await settings.cursor('a')).toEqual({ account: 'a', uidValidity: '1', lastUid: 10 });
    expect(await settings.cursor('b')).toBeUndefined();
  });
});

describe('ReplyPoller', () => {
  it('reports a failing server once, not every round, and stops cleanly', async () => {
    const errors: string[] = [];
    let rounds = 0;
    const replies = { poll: async () => (rounds++, Promise.reject(new Error('Cannot connect to the IMAP server'))) } as unknown as ReplyService;
    const poller = new ReplyPoller(replies, 1, { log: () => undefined, error: (m: string) => void errors.push(m) });
    poller.start();
    await expect.poll(() => rounds).toBeGreaterThanOrEqual(3);
    await poller.stop();
    expect(errors).toEqual(['[replies] Cannot connect to the IMAP server']);
  });
});
