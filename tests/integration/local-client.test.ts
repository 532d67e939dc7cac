// The local-file client answers as @libsql/client does (rows, errors, batches, transactions),
// side by side with @libsql/client on the same file.
import { createClient, LibsqlBatchError, LibsqlError, type Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalClient } from '../../src/db/local-client.ts';

let dir: string;
let local: LocalClient;
let reference: Client;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'local-client-'));
  const file = join(dir, 'db.sqlite');
  local = new LocalClient(file, 5000);
  await local.execute('PRAGMA journal_mode = WAL');
  await local.executeMultiple(`
    CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER, x REAL, b BLOB);
    CREATE TABLE u (id INTEGER PRIMARY KEY, t_id INTEGER, name TEXT);`);
  reference = createClient({ url: `file:${file}`, concurrency: 1, timeout: 5000 });
});

afterEach(() => {
  local.close();
  reference.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A result as a caller sees it: names, indexes, length and JSON. */
const seen = (r: Awaited<ReturnType<Client['execute']>>) => ({
  columns: r.columns,
  rows: r.rows.map((row) => ({ keys: Object.keys(row), spread: { ...row }, byIndex: Array.from({ length: row.length }, (_, i) => row[i]), json: JSON.stringify(row) })),
});

describe('LocalClient', () => {
  it('reads rows exactly as @libsql/client does: names enumerable, indexes and length not, the first of a repeated name kept', async () => {
    await local.execute({ sql: 'INSERT INTO t (name, n, x, b) VALUES (?, ?, ?, ?), (?, ?, ?, ?)', args: ['a', 1, 1.5, new Uint8Array([1, 2]), 'b', null, null, null] });
    await local.execute({ sql: 'INSERT INTO u (t_id, name) VALUES (?, ?)', args: [1, 'child'] });
    for (const sql of ['SELECT * FROM t ORDER BY id', 'SELECT t.id, u.id, t.name, u.name FROM t JOIN u ON u.t_id = t.id', 'SELECT 7, 2 AS length, count(*) FROM t']) {
      expect(seen(await local.execute(sql)), sql).toEqual(seen(await reference.execute(sql)));
    }
    const [row] = (await local.execute('SELECT b FROM t WHERE id = 1')).rows;
    expect([...new Uint8Array(row.b as ArrayBuffer)]).toEqual([1, 2]);
  });

  it('binds booleans, dates and named arguments, and refuses what it cannot store', async () => {
    await local.execute({ sql: 'INSERT INTO t (name, n, x) VALUES (:name, $n, @x)', args: { name: 'd', $n: true, '@x': new Date(5) } });
    expect({ ...(await local.execute('SELECT name, n, x FROM t')).rows[0] }).toEqual({ name: 'd', n: 1, x: 5 });
    await expect(local.execute({ sql: 'SELECT ?', args: [Number.NaN] })).rejects.toThrow(RangeError);
    await expect(local.execute({ sql: 'SELECT ?', args: [undefined as never] })).rejects.toThrow(TypeError);
    await expect(local.execute('SELECT 9007199254740993')).rejects.toThrow(/safely represented/);
    const write = await local.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['e'] });
    expect([write.rowsAffected, write.lastInsertRowid]).toEqual([1, 2n]);
  });

  it('reports SQLite errors with the codes @libsql/client gives', async () => {
    await local.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['dup'] });
    const ours = await local.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['dup'] }).catch((e: unknown) => e);
    const theirs = await reference.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['dup'] }).catch((e: unknown) => e);
    expect(ours).toBeInstanceOf(LibsqlError);
    const fields = (e: unknown) => ({ code: (e as LibsqlError).code, extendedCode: (e as LibsqlError).extendedCode, rawCode: (e as LibsqlError).rawCode, message: (e as Error).message });
    expect(fields(ours)).toEqual(fields(theirs));
  });

  it('runs a batch as one transaction: a failing statement leaves nothing written and names its index', async () => {
    const error = await local
      .batch([{ sql: 'INSERT INTO t (name) VALUES (?)', args: ['x'] }, { sql: 'INSERT INTO t (name) VALUES (?)', args: ['y'] }, { sql: 'INSERT INTO t (name) VALUES (?)', args: ['x'] }], 'write')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlBatchError);
    expect((error as LibsqlBatchError).statementIndex).toBe(2);
    expect((await local.execute('SELECT count(*) AS n FROM t')).rows[0].n).toBe(0);
    const results = await local.batch([{ sql: 'INSERT INTO t (name) VALUES (?)', args: ['x'] }, 'SELECT name FROM t']);
    expect(results[1].rows.map((r) => r.name)).toEqual(['x']);
  });

  it('holds its one connection for an open transaction, refusing other calls until it ends', async () => {
    const tx = await local.transaction('write');
    await tx.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['in-tx'] });
    await expect(local.execute('SELECT 1')).rejects.toMatchObject({ code: 'TRANSACTION_ACTIVE' });
    await tx.rollback();
    expect(tx.closed).toBe(true);
    expect((await local.execute('SELECT count(*) AS n FROM t')).rows[0].n).toBe(0);
    const again = await local.transaction();
    await again.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['kept'] });
    await again.commit();
    expect((await reference.execute('SELECT name FROM t')).rows.map((r) => r.name)).toEqual(['kept']);
  });

  it('re-reads the columns of a kept statement after a schema change, its own or another process’s', async () => {
    await local.execute({ sql: 'INSERT INTO u (t_id, name) VALUES (?, ?)', args: [1, 'a'] });
    expect((await local.execute('SELECT * FROM u')).columns).toEqual(['id', 't_id', 'name']);
    await local.execute('ALTER TABLE u ADD COLUMN mine TEXT');
    expect((await local.execute('SELECT * FROM u')).columns).toEqual(['id', 't_id', 'name', 'mine']);
    await reference.execute("ALTER TABLE u ADD COLUMN theirs TEXT DEFAULT 'z'");
    const after = await local.execute('SELECT * FROM u');
    expect(after.columns).toEqual(['id', 't_id', 'name', 'mine', 'theirs']);
    expect(after.rows[0].theirs).toBe('z');
  });

  it('sees another connection’s committed writes at once', async () => {
    expect((await local.execute('SELECT count(*) AS n FROM t')).rows[0].n).toBe(0);
    await reference.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['other'] });
    expect((await local.execute('SELECT count(*) AS n FROM t')).rows[0].n).toBe(1);
  });

  it('has a version that changes with every write, its own or another connection’s, and with nothing else', async () => {
    await local.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['a'] });
    const first = local.version()!;
    await local.execute('SELECT * FROM t');
    expect(local.version()).toBe(first);
    await local.execute({ sql: 'UPDATE t SET n = 1 WHERE id = 1 RETURNING id', args: [] });
    const afterOwn = local.version()!;
    expect(afterOwn).not.toBe(first);
    await local.batch([{ sql: 'UPDATE t SET n = 2', args: [] }], 'write');
    expect(local.version()).not.toBe(afterOwn);
    const beforeOther = local.version()!;
    await reference.execute('UPDATE t SET n = 3');
    expect(local.version()).not.toBe(beforeOther);
    // A transaction's reads see its own writes: no version while one is open.
    const tx = await local.transaction('write');
    expect(local.version()).toBeUndefined();
    await tx.rollback();
    // A new connection counts its writes from zero: its versions are still new ones.
    const beforeReconnect = local.version()!;
    local.reconnect();
    expect(local.version()).not.toBe(beforeReconnect);
  });
});

