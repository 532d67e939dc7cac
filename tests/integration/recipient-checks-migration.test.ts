// The recipient-check migration on a database that already holds drafts: they come through
// unchecked (null, shown as "Not checked"), and are checked when approved or sent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { RecipientChecks } from '../../src/core/verification/recipients.ts';
import { RecipientVerifier } from '../../src/core/verification/verifier.ts';
import { migrateDb } from '../../src/db/client.ts';
import { SqlDraftRepo } from '../../src/db/repos/drafts.ts';
import { SqlDomainCheckCache, SqlRecipientCheckRepo } from '../../src/db/repos/recipient-checks.ts';
import { dbBefore } from './support/old-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-migrate-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps existing drafts, unchecked, and checks them on approval', async () => {
  const { db, exec } = await dbBefore(dir, 'recipient_checks');
  await exec("INSERT INTO leads (url, hostname, status, contact_email, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://rossi.example/', 'rossi.example', 'EMAIL_GENERATED', 'noreply@rossi.example', '[]', '[]', '[]', 1, 1, 1)");
  await exec("INSERT INTO emails (lead_id, subject, body, recipient_email, status, open_count, click_count, created_at, updated_at) VALUES (1, 's', 'b', 'noreply@rossi.example', 'DRAFT', 0, 0, 1, 1)");

  await migrateDb(db);
  const drafts = await new SqlDraftRepo(db).list({});
  expect(drafts.drafts.map((d) => [d.recipient_email, d.recipient_check])).toEqual([['noreply@rossi.example', null]]);

  const repo = new SqlRecipientCheckRepo(db);
  const checks = new RecipientChecks(
    new RecipientVerifier({ checkDomain: async () => ({ verdict: 'valid', reason: 'mail server found (mx.rossi.example)', cacheable: true }), cache: new SqlDomainCheckCache(db), ttlMs: 1000, isDisposable: async () => false, now: () => new Date() }),
    repo,
    () => new Date(),
  );
  await expect(checks.approve([1], true)).rejects.toThrow('noreply@ is an address nobody reads');
  expect((await new SqlDraftRepo(db).list({})).drafts[0].recipient_check).toMatchObject({ verdict: 'invalid', risk_accepted: false });
  expect(await checks.forAddress('NoReply@rossi.example')).toMatchObject({ verdict: 'invalid' });
  db.$client.close();
});
