import type { Command } from 'commander';
import { withContext } from '../context.ts';
import { printLine } from '../output/print.ts';

export function registerDb(program: Command): void {
  const db = program.command('db').description('Database maintenance');
  db.command('migrate')
    .description('Apply pending migrations (also done automatically on every start)')
    .action(() => withContext(async (ctx) => printLine(`Database is up to date (${ctx.config.dbUrl}).`)));
}
