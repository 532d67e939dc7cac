// Ctrl-C on a foreground `outreach run` while sites are being crawled: the run says what it
// waits for, pauses within seconds (not once the slowest crawl ends) and gives the unfinished
// jobs back to the queue, so a resume takes them at once. The real binary, a temp database and
// the sandbox web, whose slow pages keep a crawl busy for 10-30 s.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-pause-'));
let env: Record<string, string>;
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });

beforeAll(async () => {
  env = {
    OUTREACH_DATA_DIR: dir,
    OUTREACH_DB_URL: `file:${join(dir, 'pause.db')}`,
    OUTREACH_SANDBOX_PORT: String(await freePort()),
    OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()),
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('pauses within seconds of Ctrl-C, says what it waits for, and leaves no job held', async () => {
  const child = execa('node', ['bin/outreach.js', 'run', 'dentists in Denver', '--max-results', '8'], { env, reject: false });
  const out: string[] = [];
  let interruptedAt = 0;
  for await (const line of child) {
    out.push(String(line));
    if (!interruptedAt && /Crawling http/.test(String(line))) {
      interruptedAt = Date.now();
      child.kill('SIGINT');
    }
  }
  const result = await child;
  const took = Date.now() - interruptedAt;
  expect(interruptedAt, result.stderr).toBeGreaterThan(0);
  expect(result.exitCode, result.stderr).toBe(130);
  expect(took, out.join('\n')).toBeLessThan(10_000);
  const text = out.join('\n');
  expect(text).toMatch(/^Pausing campaign \d+: waiting up to 3 s for \d+ sites? being crawled to finish… \(Ctrl-C again quits at once\)$/m);
  expect(text).toMatch(/^Stopped \d+ unfinished jobs?: (it starts|they start) again when the campaign resumes\.$/m);
  const id = Number(/Paused campaign (\d+)\./.exec(text)?.[1]);
  expect(id).toBeGreaterThan(0);

  const shown = JSON.parse((await outreach('campaign', 'show', String(id), '--json')).stdout);
  expect(shown.status).toBe('PAUSED');
  // Nothing is left under this run's lease: a resume takes the unfinished crawls at once.
  expect(shown.jobs.running).toBe(0);
  expect(shown.jobs.queued).toBeGreaterThan(0);
}, 120_000);
