// The database every harness starts from: migrated and holding the admin. Migrating a new file
// and hashing the admin's password (argon2id, 64 MiB) cost 1-3 s on a busy 2-core machine, and
// the integration files start some 140 harnesses; the migrations and the bootstrap are the same
// each time, so they run once per test run (globalSetup, below) and each harness copies the
// result into its own directory. Its own secret.key, DNS stub and context are still its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildContext } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { NO_CHROMIUM } from '../../support/no-chromium.ts';

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database file holding ADMIN, for startHarness to copy (tests/integration/support/template-db.ts). */
    harnessTemplateDb: string;
  }
}

/** Builds the template as startHarness would build a fresh database: buildContext (which migrates), then the admin. */
export async function makeTemplateDb(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-it-template-'));
  const ctx = await buildContext(loadConfig({ OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'build.db')}`, ...NO_CHROMIUM }));
  const file = join(dir, 'template.db');
  try {
    await ctx.users.bootstrapAdmin(ADMIN);
    // One self-contained file (no -wal beside it) that a copy reproduces exactly.
    await ctx.db.$client.execute({ sql: 'VACUUM INTO ?', args: [file] });
  } finally {
    await ctx.close();
  }
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** vitest globalSetup of the integration project: makes the template once and hands its path to the test files. */
export default async function setup(project: TestProject) {
  const template = await makeTemplateDb();
  project.provide('harnessTemplateDb', template.file);
  return () => template.remove();
}
