// The mailboxes migration on a database as the release before it left it: today's single email
// configuration (an SMTP server, its sender and signature, saved in Settings → Email) becomes
// mailbox 1 with nothing lost: the same provider, credential, sender and signature, the limits
// it had (no cap or spacing of its own, no ramp), its ramp day counted from its first send, its
// sends counted as its own, and a queued email from before mailboxes going from it.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Mailboxes } from '../../src/core/mailboxes/service.ts';
import { SecretCipher } from '../../src/core/settings/cipher.ts';
import { EmailConfigStore } from '../../src/core/settings/email-config.ts';
import { SettingsStore } from '../../src/core/settings/store.ts';
import { migrateDb } from '../../src/db/client.ts';
import { SqlMailboxRepo } from '../../src/db/repos/mailboxes.ts';
import { SqlSettingsRepo } from '../../src/db/repos/settings.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-migrate-mailboxes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;

it("makes today's email configuration mailbox 1, with nothing an operator set lost", async () => {
  const { db, exec } = await dbBefore(dir, 'mailboxes');
  const cipher = new SecretCipher(randomBytes(32));
  const store = new SettingsStore(new SqlSettingsRepo(db), cipher, {});
  const email = new EmailConfigStore(store, {});
  // What an operator saved before: an SMTP server (encrypted), the sender and a signature of their own.
  await store.set('email_provider', 'smtp');
  await store.set('smtp_url', 'smtp://mailer:s3cret@smtp.agency.example:587');
  await store.set('email_from_email', 'ann@agency.example');
  await store.set('email_from_name', 'Ann Lee');
  await store.set('email_signature', 'Cheers,\nAnn');
  await store.set('email_postal_address', 'Agency, 1 Main St, Austin, TX 78701');
  const now = Date.now();
  await exec("INSERT INTO leads (url, hostname, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://a.example/', 'a.example', 'EMAIL_SENT', '[]', '[]', '[]', 1, 1, 1)");
  const sent = (at: number) =>
    exec("INSERT INTO emails (lead_id, subject, body, recipient_email, status, sent_at, open_count, click_count, created_at, updated_at) VALUES (1, 'Hello', 'b', 'o@a.example', 'SENT', ?, 0, 0, ?, ?)", [at, at, at]);
  await sent(now - 10 * DAY - 3_600_000); // the first send, ten days ago
  await sent(now - 2 * 3_600_000);
  await sent(now - 3_600_000);
  const queued = Number(
    (await exec("INSERT INTO emails (lead_id, step, subject, body, recipient_email, status, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (1, 2, 'Re: Hello', 'b', 'o@a.example', 'QUEUED', ?, 0, 0, ?, ?) RETURNING id", [now, now, now])).rows[0]!.id,
  );

  await migrateDb(db);
  const mailboxes = new Mailboxes({
    repo: new SqlMailboxRepo(db),
    email,
    cipher,
    verifier: { checkKey: async () => ({ valid: true, message: '' }), checkSmtp: async () => ({ valid: true, message: '' }) },
    events: { emit: async () => {} },
    rules: () => ({ dailyCap: 40, minSpacingSeconds: 180, startPerDay: 10, stepPerDay: 3 }),
    dailyQuota: async () => 300,
    now: () => new Date(now),
    defaultSignature: 'Best regards,\n{sender_name}',
  });

  const list = await mailboxes.list();
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    id: 1,
    label: 'Primary',
    primary: true,
    provider: 'smtp',
    from_email: 'ann@agency.example',
    from_name: 'Ann Lee',
    signature: 'Cheers,\nAnn',
    smtp: { host: 'smtp.agency.example', port: 587, user: 'mailer', secure: false },
    daily_cap: null,
    min_spacing_seconds: 0,
    ramp: false,
    ramp_day: 11,
    allowance_today: null,
    sent_24h: 2,
    paused: null,
  });
  // The settings themselves are where they were: Settings → Email still reads them, the credential still encrypted.
  expect((await email.settings()).providerKey).toBe('smtp://mailer:s3cret@smtp.agency.example:587');
  const stored = (await exec("SELECT value, encrypted FROM settings WHERE key = 'smtp_url'")).rows[0]!;
  expect(stored.encrypted).toBe(1);
  expect(String(stored.value)).not.toContain('s3cret');

  // The email queued before mailboxes (no mailbox recorded) goes from mailbox 1, as its thread did.
  const row = (await exec('SELECT mailbox_id FROM emails WHERE id = ?', [queued])).rows[0]!;
  expect(row.mailbox_id).toBeNull();
  const verdict = await mailboxes.forSend(null);
  expect('go' in verdict && verdict.go).toMatchObject({ id: 1, settings: { provider: 'smtp', fromEmail: 'ann@agency.example', fromName: 'Ann Lee' } });
  db.$client.close();
});
