// Runs the real `outreach` binary against a temp database.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-'));
const env = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'cli.db')}` };
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outreach users', () => {
  it('creates a user and lists it as NDJSON', async () => {
    const created = await outreach('users', 'create', 'carol', '--email', 'Carol@Example.com', '--password', 'carol-pass-1', '--full-name', 'Carol King');
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toBe('Created user "carol" (id 1).');

    const admin = await outreach('users', 'create', 'root', '--email', 'root@example.com', '--role', 'admin');
    expect(admin.exitCode).toBe(0);
    expect(admin.stdout).toMatch(/Password \(shown once\): \S{16,}/);

    const listed = await outreach('users', 'list', '--json');
    expect(listed.exitCode).toBe(0);
    const users = listed.stdout.split('\n').map((line) => JSON.parse(line));
    expect(users).toEqual([
      expect.objectContaining({ username: 'carol', email: 'carol@example.com', full_name: 'Carol King', role: 'user', is_active: true }),
      expect.objectContaining({ username: 'root', role: 'admin' }),
    ]);
  });

  it('shows a readable table without --json', async () => {
    const listed = await outreach('users', 'list');
    expect(listed.stdout.split('\n')[0]).toMatch(/^ID\s+USERNAME\s+EMAIL\s+NAME\s+ROLE\s+STATUS\s+LAST LOGIN$/);
    expect(listed.stdout).toContain('Carol King');
  });

  it('explains a refusal on stderr and exits non-zero', async () => {
    const duplicate = await outreach('users', 'create', 'CAROL', '--email', 'c2@example.com', '--password', 'whatever-1');
    expect(duplicate.exitCode).toBe(1);
    expect(duplicate.stderr).toBe('error: Username "CAROL" is already taken');

    const weak = await outreach('users', 'set-password', 'carol', '--password', 'short');
    expect(weak.exitCode).toBe(1);
    expect(weak.stderr).toBe('error: Password must be at least 8 characters');
  });

  it('deactivates and reactivates, but never the last administrator', async () => {
    expect((await outreach('users', 'deactivate', 'carol')).stdout).toBe('"carol" is now inactive.');
    const last = await outreach('users', 'deactivate', 'root');
    expect(last.exitCode).toBe(1);
    expect(last.stderr).toBe('error: At least one active administrator must remain');
    expect((await outreach('users', 'activate', 'carol')).exitCode).toBe(0);
    const unknown = await outreach('users', 'deactivate', 'nobody');
    expect(unknown.stderr).toBe('error: No user named "nobody"');
  });
});

describe('the sender identity from the terminal', () => {
  const NOTICE = "Notice: emails can't be sent yet (missing: sender name, sender address, postal address).";

  it('says on stderr, while it is incomplete, that emails cannot be sent', async () => {
    const drafts = await outreach('drafts', 'list', '--json');
    expect(drafts.exitCode).toBe(0);
    expect(drafts.stdout).toBe('');
    expect(drafts.stderr).toContain(NOTICE);
    expect(drafts.stderr).toContain('outreach settings email --from');
    const send = await outreach('emails', 'send');
    expect(send.stdout).toBe('Nothing is due.');
    expect(send.stderr).toContain(NOTICE);
    const shown = await outreach('settings', 'show');
    expect(shown.stdout).toContain('Sender: not set');
    expect(shown.stdout).toContain("Sender identity incomplete, emails can't be sent: missing sender name, sender address, postal address");
  });

  it('saves name, address, signature and postal address with no provider and no key', async () => {
    const bad = await outreach('settings', 'email', '--from', 'Ann <not-an-address>');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^error: from_email must be an email address/);

    const saved = await outreach('settings', 'email', '--from', 'Ann Pixel <ann@pixel.example>', '--signature', 'Cheers,\\n{sender_name}', '--postal-address', 'Pixel Agency, 1 Main St, Austin, TX 78701');
    expect(saved.exitCode).toBe(0);
    expect(saved.stdout.split('\n')).toEqual([
      'Email provider: none (the outbox in data/outbox is used; nothing is delivered)',
      'Sender: Ann Pixel <ann@pixel.example>',
      'Postal address: Pixel Agency, 1 Main St, Austin, TX 78701',
    ]);
    const json = JSON.parse((await outreach('settings', 'show', '--json')).stdout);
    expect(json.email).toMatchObject({ provider: null, from_name: 'Ann Pixel', signature_preview: 'Cheers,\nAnn Pixel', sender_ready: true, sender_missing: [] });

    const drafts = await outreach('drafts', 'list');
    expect(drafts.stderr).toBe('');
  });
});

describe('outreach settings and usage', () => {
  it('checks a key against the service before saving it', async () => {
    const { startSerpApiFake } = await import('../fakes/serpapi.ts');
    const serp = await startSerpApiFake({ apiKey: 'serp-cli-key' });
    try {
      const run = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env: { ...env, OUTREACH_SERPAPI_BASE_URL: serp.baseUrl }, reject: false });
      const bad = await run('settings', 'set-key', 'serpapi', 'wrong-key');
      expect(bad.exitCode).toBe(1);
      expect(bad.stderr).toBe('error: Invalid SerpApi key');
      const good = await run('settings', 'set-key', 'serpapi', 'serp-cli-key');
      expect(good.exitCode).toBe(0);
      expect(good.stdout).toContain('Saved serpapi_api_key (encrypted).');
      const shown = JSON.parse((await run('settings', 'show', '--json')).stdout);
      expect(shown.api_keys.serpapi_api_key).toMatchObject({ configured: true, source: 'database' });
      expect(JSON.stringify(shown)).not.toContain('serp-cli-key');
    } finally {
      await serp.stop();
    }
  });

  it('changes system limits within their bounds', async () => {
    const bad = await outreach('settings', 'system', '--set', 'email_send_rate_limit=500');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toBe('error: email_send_rate_limit must be between 1 and 60');
    const good = await outreach('settings', 'system', '--set', 'max_retries=5', 'dlq_enabled=false', '--json');
    expect(JSON.parse(good.stdout)).toMatchObject({ max_retries: 5, dlq_enabled: false, email_send_rate_limit: 30 });
  });

  it('sends a test email to the outbox and shows it in usage', async () => {
    const sent = await outreach('settings', 'email', '--from', 'Ann Agency <ann@agency.test>', '--test', 'me@example.com');
    expect(sent.exitCode).toBe(0);
    expect(sent.stdout).toContain('Test email sent to me@example.com via outbox.');
    const usage = JSON.parse((await outreach('usage', '--json')).stdout);
    expect(usage.today).toMatchObject({ emails_sent_today: 1, emails_remaining_today: 299 });
    expect(usage.summary.by_service.email.operations).toEqual({ send: 1 });
  });
});
