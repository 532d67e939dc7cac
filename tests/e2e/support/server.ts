// Starts the real `outreach serve` on a random port with a temporary database and waits
// for its "Outreach listening on http://..." line. It runs the compiled dist/, as users do, and
// refuses to start when bin/outreach.js would run the sources instead (unless allowSources).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDnsStub } from '../../support/dns-stub.ts';
import { distNotCurrent, distStale } from '../../support/dist.ts';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const LISTENING = /Outreach listening on (http:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;

export interface TestServer {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  adminUsername: string;
  adminPassword: string;
  env?: Record<string, string>;
  /** Run whatever bin/outreach.js runs, the sources when dist/ is stale (the benchmarks say which they timed). */
  allowSources?: boolean;
}

export async function startServer(options: ServerOptions): Promise<TestServer> {
  const stale = options.allowSources ? undefined : distNotCurrent();
  if (stale) throw distStale(stale);
  const dataDir = mkdtempSync(join(tmpdir(), 'outreach-e2e-'));
  // Recipient checks ask DNS: a loopback stub where every domain has an MX, unless a test brings its own.
  const dns = options.env?.OUTREACH_DNS_SERVER ? undefined : await startDnsStub({}, { fallback: 'mx' });
  const child = spawn(process.execPath, ['bin/outreach.js', 'serve', '--port', '0'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      OUTREACH_DB_URL: `file:${join(dataDir, 'e2e.db')}`,
      OUTREACH_DATA_DIR: dataDir,
      OUTREACH_ADMIN_USERNAME: options.adminUsername,
      OUTREACH_ADMIN_PASSWORD: options.adminPassword,
      // Free ports for the sandbox web, so test servers never collide with each other or a dev server.
      OUTREACH_SANDBOX_PORT: '0',
      OUTREACH_SANDBOX_HTTPS_PORT: '0',
      NO_COLOR: '1',
      ...(dns && { OUTREACH_DNS_SERVER: dns.server }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let url: string;
  try {
    url = await waitForListening(child, (text) => (output += text));
  } catch (error) {
    await kill(child, exited);
    await dns?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  // The launcher chose between dist/ and src/ while it started: current before and after, it ran dist/.
  const staleNow = options.allowSources ? undefined : distNotCurrent();
  if (staleNow) {
    await kill(child, exited);
    await dns?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw distStale(`${staleNow} (while the server started)`);
  }

  let stopped: Promise<void> | undefined;
  return {
    url,
    dataDir,
    output: () => output,
    // Once, however often it is called (a test that stops the server itself, then afterAll).
    stop: () =>
      (stopped ??= (async () => {
        await kill(child, exited);
        await dns?.close();
        rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}

function waitForListening(child: ChildProcess, record: (text: string) => void): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`server did not report listening within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      record(text);
      buffered += text;
      const match = LISTENING.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => record(chunk.toString('utf8')));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening (code ${code}, signal ${signal})`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function kill(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}
