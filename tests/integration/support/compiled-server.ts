// The product as users run it: `bin/outreach.js serve` on the compiled dist/ (startServer refuses
// to test the sources), with a temporary database the test can also open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from '../../e2e/support/server.ts';

export interface CompiledServer extends TestServer {
  /** The server's database, for a test's own connection. */
  dbUrl: string;
}

/** Starts `outreach serve` from dist/ on a free port with a temporary database; fails if dist/ is not what would run. */
export async function startCompiledServer(admin: { username: string; password: string }): Promise<CompiledServer> {
  const dbDir = mkdtempSync(join(tmpdir(), 'outreach-compiled-'));
  const dbUrl = `file:${join(dbDir, 'outreach.db')}`;
  let server: TestServer;
  try {
    server = await startServer({ adminUsername: admin.username, adminPassword: admin.password, env: { OUTREACH_DB_URL: dbUrl } });
  } catch (error) {
    rmSync(dbDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await server.stop();
    rmSync(dbDir, { recursive: true, force: true });
  };
  return { ...server, dbUrl, stop };
}
