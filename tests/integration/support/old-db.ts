// A database as an older release left it: migrated up to, not including, the migration
// whose tag ends with `_<name>`. A test fills it with rows of that time, then calls
// migrateDb as an upgrade would, and checks what the migration made of them.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createDb, prepareDb, type Db } from '../../../src/db/client.ts';

export type Exec = (sql: string, args?: (string | number | null)[]) => ReturnType<Db['$client']['execute']>;

export async function dbBefore(dir: string, name: string): Promise<{ db: Db; exec: Exec }> {
  const folder = join(dir, `migrations-before-${name}`);
  cpSync(resolve(import.meta.dirname, '../../../src/db/migrations'), folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const target = journal.entries.find((e) => e.tag.endsWith(`_${name}`));
  if (!target) throw new Error(`no migration is named ${name}`);
  journal.entries = journal.entries.filter((e) => e.idx < target.idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  const url = `file:${join(dir, `before-${name}.db`)}`;
  const db = await createDb(url);
  await prepareDb(db, url);
  await migrate(db, { migrationsFolder: folder });
  return { db, exec: (sql, args = []) => db.$client.execute({ sql, args }) };
}
