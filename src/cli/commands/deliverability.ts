import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { invalid } from '../../core/errors.ts';
import type { SendingDomainReport, SendingDomainStatus } from '../../core/model/sending-domain.ts';
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

/** What refuses live sending from the domain, the override and the acknowledged listings. */
function printDecisions(s: SendingDomainStatus): void {
  const domain = s.identity.domain;
  if (!domain || s.identity.provider === 'outbox') return;
  printLine('');
  if (s.override) {
    printLine(`Override: the SPF and DKIM rule is overridden for ${domain} by ${s.override.by} at ${s.override.at}: live sending goes even when they do not pass (Gmail and Yahoo reject or junk unauthenticated bulk mail). Remove it with: outreach deliverability --clear-override ${domain}`);
  }
  for (const a of s.acknowledged) {
    printLine(`Acknowledged: ${a.subject} on ${a.list}${a.answer ? ` (${a.answer})` : ''}, found ${a.checked_at}, acknowledged by ${a.by} at ${a.at}`);
  }
  if (s.refusal) printLine(`Live sending: REFUSED. ${s.refusal}`);
  else if (s.report) printLine(`Live sending from ${domain}: allowed by its last check.`);
  else printLine(`Live sending from ${domain}: not checked yet (it is checked before the first live email).`);
}

/** The operator at this terminal, as the records and the feed name them. */
function terminalUser(): string {
  try {
    return `${userInfo().username || 'operator'} (terminal)`;
  } catch {
    return 'operator (terminal)'; // no account entry for this uid (a container)
  }
}

export function registerDeliverability(program: Command): void {
  program
    .command('deliverability')
    .description("Check the sending domain now: SPF, DKIM, DMARC, MX and the DNS blocklists, each with the record found and the record to publish")
    .option('--dkim-selector <selector>', 'SMTP: the DKIM selector your server signs with (saved; "" forgets it)')
    .option('--spf-include <domain>', 'SMTP: the SPF include your mail host documents (saved; "" forgets it)')
    .option('--override-auth <domain>', 'let live sending from the domain go although its SPF or DKIM is missing or wrong (recorded with who and when; no DNS check)')
    .option('--clear-override <domain>', 'end that override: SPF and DKIM must pass again (no DNS check)')
    .option('--acknowledge <domain>', "acknowledge the blocklist listings of the domain's last check, so they no longer pause its live sending (recorded and in the feed; no DNS check)")
    .option('--json', 'print the check (or, after an override or acknowledgement, the status) as one JSON object')
    .action((opts: { dkimSelector?: string; spfInclude?: string; overrideAuth?: string; clearOverride?: string; acknowledge?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const decisions = [opts.overrideAuth, opts.clearOverride, opts.acknowledge].filter((o) => o !== undefined);
        if (decisions.length) {
          if (decisions.length > 1 || opts.dkimSelector !== undefined || opts.spfInclude !== undefined) {
            throw invalid('Give one of --override-auth, --clear-override and --acknowledge at a time, without --dkim-selector or --spf-include');
          }
          const who = { ...TERMINAL_OPERATOR, name: terminalUser() };
          const sd = ctx.sendingDomain;
          const status =
            opts.overrideAuth !== undefined ? await sd.overrideAuth(who, opts.overrideAuth) : opts.clearOverride !== undefined ? await sd.clearOverride(who, opts.clearOverride) : await sd.acknowledge(who, opts.acknowledge!);
          if (opts.json) return printJson(status);
          const domain = status.identity.domain;
          if (opts.overrideAuth !== undefined) printLine(`Override recorded for ${domain} by ${status.override?.by} at ${status.override?.at}.`);
          else if (opts.clearOverride !== undefined) printLine(`Override removed for ${domain}: SPF and DKIM must pass again before live sending.`);
          else printLine(`Listings of ${domain} acknowledged: they no longer pause its live sending.`);
          printDecisions(status);
          return;
        }
        const [{ parseInput }, { SendingDomainCheckInput }] = await Promise.all([import('../../core/model/validate.ts'), import('../../core/model/sending-domain.ts')]);
        const input = parseInput(SendingDomainCheckInput, { dkim_selector: opts.dkimSelector, spf_include: opts.spfInclude });
        const report = await ctx.sendingDomain.checkNow(TERMINAL_OPERATOR, input);
        if (opts.json) return printJson(report);
        printReport(report);
        printDecisions(await ctx.sendingDomain.status(TERMINAL_OPERATOR));
      }),
    );
}
