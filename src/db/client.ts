// Opens the libSQL database (a local file or a libSQL server) and applies migrations.
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

const MIGRATIONS = resolve(import.meta.dirname, 'migrations');

export function createDb(url: string, authToken?: string): Db {
  if (url.startsWith('file:')) {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  // A local file gets one connection per process (statements queue on it, so a transaction
  // never meets a half-read statement) and waits up to 15 s for other processes' writes.
  const local = url.startsWith('file:');
  const client = createClient({ url, authToken, ...(local && { concurrency: 1, timeout: 15_000 }) });
  return drizzle(client, { schema }) as Db;
}

/** Local files use WAL so a CLI process, workers and the server can share them. */
export async function prepareDb(db: Db, url: string): Promise<void> {
  if (url.startsWith('file:')) await db.$client.execute('PRAGMA journal_mode = WAL');
  await db.$client.execute('PRAGMA foreign_keys = ON');
}

export async function migrateDb(db: Db): Promise<void> {
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } catch {
    // Processes starting together on a new database (serve and workers on one libSQL server)
    // race to apply the same migrations; the loser's batch is one transaction and fails whole
    // ("table users already exists"). Read the journal again: nothing is left to do then,
    // while a real failure fails again.
    await migrate(db, { migrationsFolder: MIGRATIONS });
  }
}
