// The Replies inbox as an operator uses it, through the real server: two emails go out through
// the outbox, their recipients answer into a real IMAP mailbox (Dovecot), the check stores and
// classifies the replies; in the browser the badge counts them, the list shows them, opening
// one shows the thread and the findings, the chip corrects a class in one click, and the
// answer (the AI's proposal with its meeting-link marker replaced) goes out in the thread.
// No console errors along the way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftList } from '../../src/core/model/draft.ts';
import type { EmailItem, EmailPage } from '../../src/core/model/email.ts';
import type { ReplyPage } from '../../src/core/model/reply-inbox.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../support/dovecot.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };

let imap: Dovecot;
let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
let sent: EmailItem[] = [];
const problems: string[] = [];

/** The raw messages the outbox wrote, by file. */
const outbox = () => {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
};
const header = (raw: string, name: string) => new RegExp(`^${name}: *(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1].replace(/\r?\n[ \t]+/g, ' ').trim();

async function append(raw: string): Promise<void> {
  const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
}

function reply(to: EmailItem, ourId: string, body: string, n: number): string {
  const headers = {
    From: `Maria Lopez <${to.recipient_email}>`,
    To: 'hello@agency.example',
    Subject: `Re: ${to.subject}`,
    'Message-ID': `<e2e-reply-${n}@${to.recipient_email!.split('@')[1]}>`,
    'In-Reply-To': ourId,
    References: ourId,
    Date: new Date(Date.now() - (3 - n) * 60_000).toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
  };
  return `${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
}

describe.skipIf(dovecotMissing)(`the Replies inbox${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`, () => {
  beforeAll(async () => {
    imap = await startDovecot();
    server = await startServer({
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: { OUTREACH_IMAP_HOST: imap.host, OUTREACH_IMAP_PORT: String(imap.port), OUTREACH_IMAP_USER: imap.user, OUTREACH_IMAP_PASSWORD: imap.password },
    });
    admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
    await fastCrawling(admin);
    await admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] });
    await runCampaign(admin, { name: 'Austin plumbers', search_query: 'plumbers in Austin', max_results: 4 });
    const drafts = (await admin.call<DraftList>('GET', '/api/drafts')).drafts.slice(0, 2);
    await admin.call('POST', '/api/drafts/bulk-approve', { draft_ids: drafts.map((d) => d.id), schedule_optimally: false });
    for (const deadline = Date.now() + 40_000; Date.now() < deadline && sent.length < 2; ) {
      sent = (await admin.call<EmailPage>('GET', '/api/emails?status=SENT')).items;
      if (sent.length < 2) await new Promise((r) => setTimeout(r, 200));
    }
    expect(sent).toHaveLength(2);
    sent.sort((a, b) => a.id - b.id);
    const ids = sent.map((e) => header(outbox().find((raw) => raw.includes(`<outreach.${e.id}.`))!, 'Message-ID')!);
    await append(reply(sent[0], ids[0], `Yes, can we have a call on Thursday?\n\nOn Mon, 2 Jun 2025 at 10:00, Agency wrote:\n> ${sent[0].subject}`, 1));
    await append(reply(sent[1], ids[1], 'How much would a new site cost?', 2));
    expect(await admin.call('POST', '/api/replies/check')).toMatchObject({ replies: 2 });

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await imap?.stop();
  });

  it('lists the replies with the unread badge, opens one in its thread, corrects a class and answers in the thread', async () => {
    const badge = page.locator('a[href="/replies"] .nav-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('2');
    await page.locator('a[href="/replies"]').click();
    const rows = page.locator('.reply-row');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first: the question, then the meeting request, its quoted history folded away.
    await expect.poll(() => rows.nth(0).locator('.reply-text').textContent()).toBe('How much would a new site cost?');
    expect(await rows.nth(1).locator('.reply-text').textContent()).toBe('Yes, can we have a call on Thursday?');
    expect(await rows.nth(1).locator('.reply-class .tag').textContent()).toContain('Meeting request');
    expect(await rows.nth(0).locator('.reply-class .tag').textContent()).toContain('Question');

    // Open the meeting request: read, the thread oldest first, the findings beside it.
    await rows.nth(1).locator('.reply-open').click();
    const entries = page.locator('.thread-entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain('Our email');
    expect(await entries.nth(1).textContent()).toContain('Yes, can we have a call on Thursday?');
    await page.locator('.reply-findings').getByText('Findings').first().waitFor();
    await page.locator('.reply-quoted summary').waitFor();
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('1');

    // One-click correction of the other reply's class.
    await rows.nth(0).locator('.reply-class .tag').click();
    await rows.nth(0).getByRole('menuitem', { name: 'Interested', exact: true }).click();
    await page.locator('.toast-item', { hasText: 'Class set to Interested' }).waitFor();
    await expect.poll(() => rows.nth(0).locator('.reply-class .tag').textContent()).toContain('Interested ✓');
    const listed = await admin.call<ReplyPage>('GET', '/api/replies');
    expect(listed.items[0]).toMatchObject({ class: 'interested', class_source: 'operator' });

    // The proposal carries the meeting-link marker: Send stays off until it is replaced.
    await page.getByRole('button', { name: 'Propose an answer' }).click();
    const editor = page.locator('#reply-answer');
    await expect.poll(() => editor.inputValue()).toContain('[MEETING LINK');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await screenshot(page, 'replies-inbox');
    await editor.fill((await editor.inputValue()).replace(/\[MEETING LINK[^\]]*\]/, 'https://cal.agency.example/sam'));
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.toast-item', { hasText: `Answer sent to ${sent[0].recipient_email}` }).waitFor();
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.nth(2).textContent()).toContain('Our answer');

    const answer = outbox().find((raw) => /^In-Reply-To: <e2e-reply-1@/im.test(raw))!;
    expect(answer).toBeDefined();
    const parsed = await simpleParser(answer);
    expect(parsed.references).toContain(`<e2e-reply-1@${sent[0].recipient_email!.split('@')[1]}>`);
    expect(parsed.subject).toBe(`Re: ${sent[0].subject}`);
    expect(parsed.text).toContain('https://cal.agency.example/sam');
    await screenshot(page, 'replies-inbox-answered');
    expect(problems).toEqual([]);
  }, 60_000);
});
