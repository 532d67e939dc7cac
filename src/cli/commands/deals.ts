import type { Command } from 'commander';
import { DEAL_STAGES } from '../../core/model/reply-classes.ts';
import { TERMINAL_OPERATOR } from '../../core/users/access.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

/** The input checks (zod schemas) load when a command runs, not for --help. */
const checks = async () => ({ ...(await import('../../core/model/validate.ts')), ...(await import('../../core/model/deal.ts')) });

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const money = (value: number | null) => (value === null ? '' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));

export function registerDeals(program: Command): void {
  const deals = program
    .command('deals')
    .description('The deal board: leads with a deal by stage (interested → meeting booked → proposal sent → won / lost)')
    // No option here shares a name with one of move's: commander would give it to the board.
    .option('--stage <stage>', `only this column: ${DEAL_STAGES.join(' | ')}`)
    .option('--assigned-to <username>', 'only the deals this user owns')
    .option('--json', 'one JSON object per column: {stage, label, count, total_value, deals}')
    .action((opts: { stage?: string; assignedTo?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseInput, DealsQuery } = await checks();
        const query = parseInput(DealsQuery, { stage: opts.stage, assigned_to: opts.assignedTo });
        const board = await ctx.deals.board({ stage: query.stage, assignedTo: query.assigned_to });
        if (opts.json) return board.columns.forEach(printJson);
        for (const column of board.columns) {
          printLine(`${column.label}: ${column.count} ${column.count === 1 ? 'deal' : 'deals'}, ${money(column.total_value) || '0'} in total`);
          if (column.deals.length)
            printTable(
              column.deals.map((d) => ({ lead: String(d.lead_id), company: cut(d.company, 32), campaign: cut(d.campaign_name ?? '', 24), value: money(d.value), owner: d.assigned_to ?? '', days: d.days_in_stage === null ? '' : String(d.days_in_stage) })),
              ['lead', 'company', 'campaign', 'value', 'owner', 'days'],
            );
          if (column.count > column.deals.length) printLine(`(the ${column.deals.length} most recently moved shown)`);
          printLine('');
        }
      }),
    );

  deals
    .command('move <lead_id> <stage>')
    .description(`Move a lead's deal to a stage (${DEAL_STAGES.join(', ')}); won marks the lead CONVERTED`)
    .option('--value <amount>', "the project's value (a number)")
    .option('--owner <username>', 'the user who owns the deal')
    .action((leadId: string, stage: string, opts: { value?: string; owner?: string }) =>
      withContext(async (ctx) => {
        const { parseInput, wholeNumber, UpdateDealInput } = await checks();
        const id = parseInput(wholeNumber('lead_id'), leadId);
        const value = opts.value === undefined ? undefined : /^\d+(\.\d+)?$/.test(opts.value.trim()) ? Number(opts.value) : opts.value;
        await ctx.deals.update(TERMINAL_OPERATOR, id, parseInput(UpdateDealInput, { stage, value, assigned_to: opts.owner }));
        const lead = await ctx.leads.get(id);
        const extra = [lead.deal_value !== null && `value ${money(lead.deal_value)}`, lead.assigned_to && `owner ${lead.assigned_to}`].filter(Boolean).join(', ');
        printLine(`Lead ${lead.id} (${lead.company_name ?? lead.title ?? lead.hostname}): deal at ${lead.deal_stage}, status ${lead.status}${extra ? `, ${extra}` : ''}.`);
      }),
    );
}
