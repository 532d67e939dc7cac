// The product as users run it: `bin/outreach.js serve` on the compiled dist/. The launcher runs
// the sources through tsx when dist/ is missing or older than src/, which would test src/
// instead (and hide a bug that lives only in the bundle): this refuses to start then, and says so.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../e2e/support/server.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');

/** The first file or folder under `dir` changed after `time` (as bin/outreach.js decides), or undefined. */
function changedAfter(dir: string, time: number): string | undefined {
  if (statSync(dir).mtimeMs > time) return dir;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const changed = entry.isDirectory() ? changedAfter(path, time) : statSync(path).mtimeMs > time ? path : undefined;
    if (changed) return changed;
  }
  return undefined;
}

/** Why bin/outreach.js would not run dist/ now, or undefined when it would. */
export function distNotCurrent(): string | undefined {
  let builtAt: number;
  try {
    builtAt = Number(readFileSync(join(DIST, '.build-stamp'), 'utf8'));
  } catch {
    return 'dist/ has not been built (no dist/.build-stamp)';
  }
  if (!(builtAt > 0)) return 'dist/.build-stamp is unreadable';
  const changed = changedAfter(SRC, builtAt);
  return changed && `${relative(ROOT, changed)} changed after dist/ was built`;
}

const stale = (why: string) => new Error(`${why}: this suite tests the compiled server (bin/outreach.js on dist/), and bin/outreach.js would run the sources instead. Run \`npm run build\` first (\`npm test\` does).`);

export interface CompiledServer extends TestServer {
  /** The server's database, for a test's own connection. */
  dbUrl: string;
}

/** Starts `outreach serve` from dist/ on a free port with a temporary database; fails if dist/ is not what would run. */
export async function startCompiledServer(admin: { username: string; password: string }): Promise<CompiledServer> {
  const before = distNotCurrent();
  if (before) throw stale(before);
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
  // The launcher chose between dist/ and src/ while it started: current before and after, it ran dist/.
  const after = distNotCurrent();
  if (after) {
    await stop();
    throw stale(`${after} (while the server started)`);
  }
  return { ...server, dbUrl, stop };
}
