// `outreach settings windows`: show, set and clear the weekly sending windows from the
// terminal, with errors that name the bad part; the real binary against a temp database.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-windows-'));
const env = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'cli.db')}` };
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', 'settings', 'windows', ...args], { env, reject: false });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outreach settings windows', () => {
  it('sets the windows from days and ranges, and shows them by day with the time zone rule', async () => {
    const set = await outreach('set', 'mon-fri', '9:00-11:00,14:00-16:00', 'sat', '10:00-12:00');
    expect(set.exitCode).toBe(0);
    const shown = await outreach('show');
    expect(shown.stdout).toBe(set.stdout);
    const lines = shown.stdout.split('\n');
    expect(lines[0]).toMatch(/^DAY\s+WINDOWS$/);
    expect(lines[1]).toMatch(/^Monday\s+09:00-11:00, 14:00-16:00$/);
    expect(lines[6]).toMatch(/^Saturday\s+10:00-12:00$/);
    expect(lines).toHaveLength(8);
    expect(lines[7]).toContain("Windows are read on each recipient's clock: 09:00 means 09:00 where the business is");
    const json = JSON.parse((await outreach('--json')).stdout);
    expect(json.optimal_times).toHaveLength(11);
    expect(json.optimal_times[0]).toEqual({ day: 'Monday', time_range: '09:00-11:00' });
  });

  it('refuses bad input, naming the bad part, and keeps what was saved', async () => {
    const cases: [string[], string][] = [
      [['set', 'funday', '09:00-10:00'], 'error: "funday" is not a day: use mon … sun, a range such as mon-fri, a list such as mon,wed,fri, weekdays or daily'],
      [['set', 'mon-fri', '09:00-11:00,16:00-14:00'], "error: time_range '16:00-14:00' must end after it starts"],
      [['set', 'tue', '9am-5pm'], "error: time_range '9am-5pm' must look like '09:00-11:00'"],
      [['set', 'tue', '09:15-09:45'], "error: time_range '09:15-09:45' must contain the start of an hour: windows count whole hours, so 09:15-09:45 would never open"],
      [['set', 'mon-fri'], 'error: Expected pairs of days and time ranges, e.g. "mon-fri 09:00-11:00,14:00-16:00 sat 10:00-12:00"; got "mon-fri"'],
    ];
    // Refusals write nothing, so they can run side by side.
    const answers = await Promise.all(cases.map(([args]) => outreach(...args)));
    answers.forEach((bad, i) => {
      expect(bad.exitCode, cases[i][0].join(' ')).toBe(1);
      expect(bad.stderr).toBe(cases[i][1]);
    });
    expect(JSON.parse((await outreach('--json')).stdout).optimal_times).toHaveLength(11);
  });

  it('clears them: emails then go at any hour', async () => {
    const cleared = await outreach('clear');
    expect(cleared.exitCode).toBe(0);
    expect(cleared.stdout.split('\n')[0]).toBe('No sending windows: emails go at any hour.');
  });
});
