// Opens the libSQL database (a local file or a libSQL server) and applies migrations.
import type { Client } from '@libsql/core/api';
import * as driverCore from 'drizzle-orm/libsql/driver-core';
import type { LibSQLDatabase } from 'drizzle-orm/libsql/driver-core';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR } from '../paths.ts';
import { LocalClient } from './local-client.ts';
import * as schema from './schema/index.ts';

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

// drizzle's libSQL driver without its import of @libsql/client (which loads the remote
// protocols' modules too); `construct` is what `drizzle(client)` calls, untyped in its .d.ts.
const { construct } = driverCore as unknown as { construct: (client: Client, config: { schema: typeof schema }) => Db };

export async function createDb(url: string, authToken?: string): Promise<Db> {
  let client: Client;
  if (url.startsWith('file:')) {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    mkdirSync(dirname(resolve(path)), { recursive: true });
    // A local file gets one connection per process and waits up to 15 s for other processes' writes.
    client = new LocalClient(path, 15_000);
  } else {
    // A libSQL server: its client (and its protocol modules) loads only when one is configured.
    const { createClient } = await import('@libsql/client');
    client = createClient({ url, authToken });
  }
  return construct(client, { schema });
}

/**
 * Local files use WAL so a CLI process, workers and the server can share them, with
 * synchronous=NORMAL: a commit no longer waits for the disk (fsync) on the process's one
 * thread. With Chromium auditing on the same machine a commit waited up to 140 ms for it (4 ms
 * on a quiet disk), stalling `outreach serve`'s event loop. A commit still survives any crash of
 * the process, kill -9 included (the crash suite); only a power loss or an OS crash may undo the
 * last commits before a checkpoint, never corrupt the file (SQLite's own guidance for WAL).
 */
export async function prepareDb(db: Db, url: string): Promise<void> {
  if (url.startsWith('file:')) {
    await db.$client.execute('PRAGMA journal_mode = WAL');
    await db.$client.execute('PRAGMA synchronous = NORMAL');
  }
  await db.$client.execute('PRAGMA foreign_keys = ON');
}

export async function migrateDb(db: Db): Promise<void> {
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch {
    // Processes starting together on a new database (serve and workers on one libSQL server)
    // race to apply the same migrations; the loser's batch is one transaction and fails whole
    // ("table users already exists"). Read the journal again: nothing is left to do then,
    // while a real failure fails again.
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  }
}
