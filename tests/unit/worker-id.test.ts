// A lease holder whose process is a zombie (it ended but its parent has not reaped it) is as
// gone as one that no longer exists: a real zombie, made by a shell that execs into a
// process that never waits for the child the shell started.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holderIsGone, processState } from '../../src/core/pipeline/worker-id.ts';

const linux = process.platform === 'linux';
let parent: ChildProcess | undefined;
afterEach(async () => {
  if (parent && parent.exitCode === null && parent.signalCode === null) {
    parent.kill('SIGKILL');
    await once(parent, 'exit');
  }
  parent = undefined;
});

/** A child that has exited and stays a zombie: `sleep 30` is its parent and never reaps it. */
async function zombie(): Promise<number> {
  parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  // Wait for the state itself (sleep 0 ends within milliseconds), not for a fixed time.
  for (const deadline = Date.now() + 10_000; processState(pid) !== 'Z' && Date.now() < deadline; ) await new Promise((r) => setImmediate(r));
  return pid;
}

describe.runIf(linux)('holderIsGone on Linux', () => {
  it('takes a zombie holder for gone', async () => {
    const pid = await zombie();
    expect(processState(pid)).toBe('Z');
    expect(() => process.kill(pid, 0)).not.toThrow(); // signal 0 alone would call it alive
    expect(holderIsGone(`${hostname()}/${pid}/deadbeef#0`)).toBe(true);
    expect(holderIsGone(`another-host/${pid}/deadbeef#0`)).toBe(false); // another machine's pid says nothing
  });

  it('never takes a live holder for gone', () => {
    expect(processState(process.ppid)).toMatch(/^[RSD]$/);
    expect(holderIsGone(`${hostname()}/${process.ppid}/x#0`)).toBe(false);
    expect(holderIsGone(`${hostname()}/${process.pid}/x#0`)).toBe(false);
  });

  it('reads the state after a command name with spaces and parentheses', async () => {
    // The name is the executable's file name: "x) Z (y" reads as a zombie if the stat line is cut at the first ")".
    const dir = mkdtempSync(join(tmpdir(), 'outreach-zombie-'));
    const name = join(dir, 'x) Z (y');
    symlinkSync(execFileSync('sh', ['-c', 'command -v sleep']).toString().trim(), name);
    try {
      parent = spawn(name, ['30'], { stdio: 'ignore' });
      await once(parent, 'spawn');
      const pid = parent.pid!;
      expect(readFileSync(`/proc/${pid}/stat`, 'latin1')).toContain('(x) Z (y)');
      expect(processState(pid)).toMatch(/^[RS]$/);
      expect(holderIsGone(`${hostname()}/${pid}/x#0`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('holderIsGone everywhere', () => {
  it('takes a process that no longer exists for gone', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    expect(holderIsGone(`${hostname()}/${child.pid}/x#0`)).toBe(true);
  });
});
