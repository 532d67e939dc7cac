import type { Command } from 'commander';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

export function registerSuppress(program: Command): void {
  const suppress = program.command('suppress').description('Addresses and domains that are never emailed (unsubscribed, bounced, complained, blocked)');

  suppress
    .command('add <entries...>')
    .description('Block addresses, or whole domains ("@example.com" or "example.com")')
    .action((entries: string[]) =>
      withContext(async (ctx) => {
        for (const raw of entries) {
          const { entry, added } = await ctx.suppressions.add(raw, 'manual', 'cli');
          printLine(added ? `Blocked ${entry}.` : `${entry} was already blocked.`);
        }
      }),
    );

  suppress
    .command('list')
    .option('--json', 'one JSON object per line')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const list = await ctx.suppressions.list();
        if (opts.json) return list.forEach(printJson);
        printTable(list.map((s) => ({ entry: s.email, reason: s.reason, source: s.source ?? '', since: s.created_at })), ['entry', 'reason', 'source', 'since']);
      }),
    );

  suppress
    .command('remove <entry>')
    .description('Allow an address or domain again (only do this with the person\'s consent)')
    .action((entry: string) =>
      withContext(async (ctx) => {
        await ctx.suppressions.remove(entry);
        printLine(`${entry.trim().toLowerCase()} is no longer blocked.`);
      }),
    );
}
