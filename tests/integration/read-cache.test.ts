// The Leads list's pages and totals are read once between two changes of the database and
// are never stale: a write through the server, a commit by another process (a CLI, a worker)
// and a write in a transaction each show on the next page.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalClient } from '../../src/db/local-client.ts';
import { ReadCache } from '../../src/db/read-cache.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';
import { seedLeads } from './support/seed-leads.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
  await seedLeads(h.ctx.db, 200);
});
afterAll(() => h.close());

const list = async (query = '') => (await h.call('GET', `/api/leads?limit=5${query}`, { token })).body as { items: { id: number; status: string; notes: string | null }[]; total: number };

describe('the read cache', () => {
  it('answers a repeated page without reading the database again', async () => {
    const first = await list();
    const execute = vi.spyOn(h.ctx.db.$client, 'execute');
    try {
      expect(await list()).toEqual(first);
      // Only the user's sign-in check reads; the page and its total come from the cache.
      const statements = execute.mock.calls.map(([stmt]) => JSON.stringify(stmt));
      expect(statements.filter((sql) => /leads/.test(sql))).toEqual([]);
    } finally {
      execute.mockRestore();
    }
  });

  it('shows a change made through the server on the next page', async () => {
    const before = (await list('&status=UNSUBSCRIBED')).total;
    const [lead] = (await list()).items;
    expect((await h.call('PATCH', `/api/leads/${lead.id}/status`, { token, body: { status: 'UNSUBSCRIBED' } })).status).toBe(200);
    expect((await list()).items[0]).toMatchObject({ id: lead.id, status: 'UNSUBSCRIBED' });
    expect((await list('&status=UNSUBSCRIBED')).total).toBe(before + 1);
    expect((await h.call('DELETE', `/api/leads/${lead.id}`, { token })).status).toBeLessThan(300);
    expect((await list()).items[0].id).not.toBe(lead.id);
    expect((await list('&status=UNSUBSCRIBED')).total).toBe(before);
  });

  it('shows a commit by another process on the next page', async () => {
    const [lead] = (await list()).items;
    const file = h.ctx.config.dbUrl.slice('file:'.length);
    await execa('node', ['-e', `const D = require('libsql'); new D(${JSON.stringify(file)}).prepare("UPDATE leads SET notes = 'from another process' WHERE id = ?").run(${lead.id})`]);
    expect((await list()).items[0]).toMatchObject({ id: lead.id, notes: 'from another process' });
  });

  it('reads through while a transaction is open, and keeps nothing for a libSQL server', async () => {
    const client = h.ctx.db.$client as LocalClient;
    const cache = new ReadCache(h.ctx.db);
    let reads = 0;
    const read = async () => ++reads;
    await cache.get('k', read);
    expect(await cache.get('k', read)).toBe(1);
    const tx = await client.transaction('write');
    try {
      expect(await cache.get('k', async () => ++reads)).toBe(2);
    } finally {
      await tx.rollback();
    }
    const remote = new ReadCache({ $client: {} } as never);
    expect([await remote.get('k', read), await remote.get('k', read)]).toEqual([3, 4]);
  });

  it('reads once for calls that come while the read is under way, and keeps no failure', async () => {
    const cache = new ReadCache(h.ctx.db);
    let reads = 0;
    const slow = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 20));
      return reads;
    };
    expect(await Promise.all(Array.from({ length: 50 }, () => cache.get('page', slow)))).toEqual(Array(50).fill(1));
    expect(reads).toBe(1);

    const failing = async () => {
      throw new Error(`read ${++reads} failed`);
    };
    await expect(Promise.all([cache.get('bad', failing), cache.get('bad', failing)])).rejects.toThrow('read 2 failed');
    expect(await cache.get('bad', async () => 'read again')).toBe('read again');
  });
});
