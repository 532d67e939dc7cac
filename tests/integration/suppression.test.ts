import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('suppression list', () => {
  it('blocks an address and, for domain entries, every address of the domain', async () => {
    const list = h.ctx.suppressions;
    expect(await list.add(' Info@Shop.example ', 'unsubscribed', 'link')).toEqual({ entry: 'info@shop.example', added: true });
    expect((await list.add('info@shop.example')).added).toBe(false);
    await list.add('blocked.example');
    expect((await list.blocks('INFO@shop.example'))?.reason).toBe('unsubscribed');
    expect((await list.blocks('anyone@blocked.example'))?.email).toBe('@blocked.example');
    expect(await list.blocks('other@shop.example')).toBeUndefined();
    // A domain entry covers its subdomains; a subdomain entry does not cover its parent.
    expect((await list.blocks('anyone@mail.blocked.example'))?.email).toBe('@blocked.example');
    await list.add('@eu.parent.example');
    expect((await list.blocks('x@eu.parent.example'))?.email).toBe('@eu.parent.example');
    expect(await list.blocks('x@parent.example')).toBeUndefined();
    await expect(list.add('not an address')).rejects.toThrow('"not an address" is neither an email address nor a domain');
    await list.remove('@Blocked.example');
    expect(await list.blocks('anyone@blocked.example')).toBeUndefined();
    await expect(list.remove('nobody@x.example')).rejects.toThrow('nobody@x.example is not on the suppression list');
  });

  it('is managed from the terminal', async () => {
    const env = { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${h.dir}/test.db` };
    const run = (...args: string[]) => execa('node', ['bin/outreach.js', 'suppress', ...args], { env, reject: false });
    expect((await run('add', 'Someone@Agency.example', 'spam.example')).stdout).toBe('Blocked someone@agency.example.\nBlocked @spam.example.');
    const listed = (await run('list', '--json')).stdout.split('\n').map((l) => JSON.parse(l));
    expect(listed.map((e) => e.email)).toEqual(expect.arrayContaining(['someone@agency.example', '@spam.example', 'info@shop.example']));
    expect((await run('remove', '@spam.example')).exitCode).toBe(0);
    const bad = await run('add', 'nonsense');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toBe('error: "nonsense" is neither an email address nor a domain');
  });
});
