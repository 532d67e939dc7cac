import type { Command } from 'commander';
import type { SendingDomainReport } from '../../core/model/sending-domain.ts';
import { TERMINAL_OPERATOR } from '../../core/users/access.ts';
import { withContext } from '../context.ts';
import { printJson, printLine } from '../output/print.ts';

const PROVIDER: Record<string, string> = { brevo: 'Brevo', resend: 'Resend', smtp: 'SMTP', outbox: 'the outbox' };

function printReport(r: SendingDomainReport): void {
  const who = r.identity.provider === 'smtp' ? `SMTP via ${r.identity.smtp_host ?? '?'}` : PROVIDER[r.identity.provider];
  printLine(`Sending domain: ${r.identity.domain ?? '(no sender address set)'} (${who}), checked ${r.checked_at} through ${r.dns_server}`);
  for (const a of r.auth) {
    printLine('');
    printLine(`${a.kind.toUpperCase().padEnd(6)}${a.status.toUpperCase().padEnd(12)}${a.summary}`);
    if (a.asked.length) printLine(`      asked: ${a.asked.join(', ')}`);
    for (const f of a.found) printLine(`      found: ${f}`);
    if (a.fix) printLine(`      fix: ${a.fix}`);
    if (a.publish) printLine(`      publish: ${a.publish.type} ${a.publish.name}  ${a.publish.value}`);
  }
  printLine('');
  printLine(r.blocklists.length ? 'Blocklists:' : 'Blocklists: none looked up');
  for (const b of r.blocklists) printLine(`  ${b.status.toUpperCase().padEnd(11)}${b.summary}${b.query ? ` [${b.query}${b.answer ? ` -> ${b.answer}` : ''}]` : ''}`);
  printLine('');
  const verdict =
    r.identity.provider === 'outbox'
      ? 'Nothing to check: the outbox does not send.'
      : !r.identity.domain
        ? 'Nothing to check: set the sender address first (outreach settings email --from "Name <you@your-domain>").'
        : r.authenticated
          ? 'SPF and DKIM pass.'
          : 'SPF and DKIM do not both pass: publish the records above.';
  printLine(r.listed ? `${verdict} Listed on a blocklist: see above.` : verdict);
}

export function registerDeliverability(program: Command): void {
  program
    .command('deliverability')
    .description("Check the sending domain now: SPF, DKIM, DMARC, MX and the DNS blocklists, each with the record found and the record to publish")
    .option('--dkim-selector <selector>', 'SMTP: the DKIM selector your server signs with (saved; "" forgets it)')
    .option('--spf-include <domain>', 'SMTP: the SPF include your mail host documents (saved; "" forgets it)')
    .option('--json', 'print the check as one JSON object')
    .action((opts: { dkimSelector?: string; spfInclude?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const [{ parseInput }, { SendingDomainCheckInput }] = await Promise.all([import('../../core/model/validate.ts'), import('../../core/model/sending-domain.ts')]);
        const input = parseInput(SendingDomainCheckInput, { dkim_selector: opts.dkimSelector, spf_include: opts.spfInclude });
        const report = await ctx.sendingDomain.checkNow(TERMINAL_OPERATOR, input);
        if (opts.json) return printJson(report);
        printReport(report);
      }),
    );
}
