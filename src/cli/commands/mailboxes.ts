// `outreach mailboxes`: the sending mailboxes from the terminal (as the terminal operator, an
// admin): list them with today's allowance and ramp day, add one (its credential checked against
// the provider first), change, test, pause, resume and remove it, and choose a campaign's.
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { invalid } from '../../core/errors.ts';
import type { Mailbox } from '../../core/model/mailboxes.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

/** Secrets: a flag's value '-' reads standard input (out of shell history), else the environment. */
const SECRET_ENV = { smtpPassword: 'OUTREACH_MAILBOX_SMTP_PASSWORD', apiKey: 'OUTREACH_MAILBOX_API_KEY' } as const;
const secret = (value: string | undefined, env: string) => (value === '-' ? readFileSync(0, 'utf8').trim() : (value ?? (process.env[env] || undefined)));
const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
// Commander keeps a parser's null as '': 'none' stays a word until the body is made.
const cap = (value: string): number | 'none' => (value.trim().toLowerCase() === 'none' ? 'none' : num(value));

interface MailboxFlags {
  provider?: string;
  label?: string;
  from?: string;
  name?: string;
  signature?: string;
  smtpHost?: string;
  smtpPort?: number;
  smtpUser?: string;
  smtpPassword?: string;
  smtpSecure?: boolean;
  apiKey?: string;
  cap?: number | 'none';
  spacing?: number;
  ramp?: boolean;
  json?: boolean;
}

function fieldFlags(cmd: Command, adding: boolean): Command {
  // On `set`, --ramp comes before --no-ramp so that giving neither leaves the ramp as it is.
  if (!adding) cmd.option('--ramp', 'start the ramp-up over (the mailbox is treated as new)');
  return cmd
    .option('--label <label>', 'a name for the mailbox, e.g. "Sam at pixel-two"')
    .option('--from <address>', 'the sender address')
    .option('--name <name>', 'the sender name recipients see')
    .option('--signature <text>', 'signature; {sender_name} is replaced by the from name (\\n for a new line)')
    .option('--smtp-host <host>', 'SMTP server')
    .option('--smtp-port <port>', 'SMTP port (587, or 465 with --smtp-secure)', num)
    .option('--smtp-user <user>', 'SMTP user name')
    .option('--smtp-password <password>', `SMTP password ('-' reads standard input; default: $${SECRET_ENV.smtpPassword})`)
    .option('--smtp-secure', 'TLS from the start (port 465)')
    .option('--api-key <key>', `the Brevo or Resend API key ('-' reads standard input; default: $${SECRET_ENV.apiKey})`)
    .option('--cap <n>', `emails in a rolling 24 hours once ramped up${adding ? '' : " ('none': no cap of its own)"}`, adding ? num : cap)
    .option('--spacing <seconds>', 'at least this many seconds between two of its emails', num)
    .option('--no-ramp', 'send up to its cap from the first day (only for a mailbox that already has a sending history)')
    .option('--json', 'print the mailbox as JSON');
}

/** The flags as the API's body: only what was given. */
function body(opts: MailboxFlags, adding: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    provider: opts.provider,
    label: opts.label,
    from_email: opts.from,
    from_name: opts.name,
    signature: opts.signature?.replace(/\\n/g, '\n'),
    smtp_host: opts.smtpHost,
    smtp_port: opts.smtpPort,
    smtp_user: opts.smtpUser,
    smtp_password: secret(opts.smtpPassword, SECRET_ENV.smtpPassword),
    smtp_secure: opts.smtpSecure,
    api_key: secret(opts.apiKey, SECRET_ENV.apiKey),
    daily_cap: opts.cap === 'none' ? null : opts.cap,
    min_spacing_seconds: opts.spacing,
    // add: on the ramp unless --no-ramp; set: --ramp, --no-ramp or neither (left as it is).
    ramp: opts.ramp,
  };
  // Without new server details, a password or key from the environment is not a change.
  if (!adding && !opts.smtpHost && opts.smtpPassword === undefined) delete out.smtp_password;
  if (!adding && opts.apiKey === undefined) delete out.api_key;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const allowanceText = (m: Mailbox) => `${m.sent_24h} / ${m.allowance_today ?? 'no limit'}`;
const from = (m: Mailbox) => (m.from_email ? (m.from_name ? `${m.from_name} <${m.from_email}>` : m.from_email) : '(none)');

function describe(m: Mailbox): string[] {
  const lines = [
    `Mailbox ${m.id} "${m.label}": ${m.provider}${m.primary ? ' (Settings → Email: its provider, sender and signature are changed there)' : ''}`,
    `  From: ${from(m)}${m.smtp ? `   SMTP: ${m.smtp.user ? `${m.smtp.user}@` : ''}${m.smtp.host}:${m.smtp.port}${m.smtp.secure ? ' (TLS)' : ''}` : ''}`,
    `  Sent in 24 h / allowance today: ${allowanceText(m)}${m.allowance_today === null ? ' (no limit of its own: the daily email quota holds)' : ''}`,
    `  Cap: ${m.daily_cap ?? 'none'}   spacing: ${m.min_spacing_seconds} s   ramp-up: ${m.ramp ? `on, day ${m.ramp_day}` : 'off'}`,
  ];
  if (m.ramp_warning) lines.push(`  Warning: ${m.ramp_warning}`);
  lines.push(`  Paused: ${m.paused ? `since ${when(m.paused.at)}: ${m.paused.reason}. Resume with: outreach mailboxes resume ${m.id}` : 'no'}`);
  lines.push(`  Last test: ${m.test ? `${m.test.ok ? 'ok' : 'FAILED'} at ${when(m.test.at)}: ${m.test.result}` : 'never'}`);
  if (m.last_error) lines.push(`  Last error: ${when(m.last_error.at)}: ${m.last_error.message}`);
  return lines;
}

const show = (m: Mailbox, json: boolean | undefined) => (json ? printJson(m) : describe(m).forEach(printLine));

/** The operator at this terminal, as the feed names them. */
function terminalUser(): string {
  try {
    return `${userInfo().username || 'operator'} (terminal)`;
  } catch {
    return 'operator (terminal)'; // no account entry for this uid (a container)
  }
}

export function registerMailboxes(program: Command): void {
  const mailboxes = program.command('mailboxes').description("The sending mailboxes: each a provider with its own sender, daily cap, spacing and ramp-up (mailbox 1 is Settings → Email)");

  mailboxes
    .command('list', { isDefault: true })
    .description("Every mailbox with today's figures: sent in 24 hours / today's allowance, ramp day, pause, last test")
    .option('--json', 'one JSON array')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const list = await ctx.mailboxes.list();
        if (opts.json) return printJson(list);
        printTable(
          list.map((m) => ({
            id: String(m.id),
            label: m.label,
            provider: m.provider,
            from: m.from_email ?? '',
            'sent 24h / allowance': allowanceText(m),
            'ramp day': m.ramp ? String(m.ramp_day) : 'off',
            paused: m.paused ? `yes: ${m.paused.reason}` : 'no',
            'last test': m.test ? `${m.test.ok ? 'ok' : 'failed'}: ${m.test.result}` : 'never',
          })),
          ['id', 'label', 'provider', 'from', 'sent 24h / allowance', 'ramp day', 'paused', 'last test'],
        );
      }),
    );

  mailboxes
    .command('show <id>')
    .description('One mailbox in full')
    .option('--json', 'one JSON object')
    .action((raw: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        show(await ctx.mailboxes.get(parseId(raw)), opts.json);
      }),
    );

  fieldFlags(mailboxes.command('add').description('Add a mailbox: its connection is tested first (nothing is saved if the provider refuses); it starts on the ramp unless --no-ramp'), true)
    .requiredOption('--provider <provider>', 'smtp, brevo, resend or outbox')
    .action((opts: MailboxFlags) =>
      withContext(async (ctx) => {
        const { parseInput } = await import('../../core/model/validate.ts');
        const { MailboxInput } = await import('../../core/model/mailboxes.ts');
        const input = parseInput(MailboxInput, { label: opts.label ?? opts.from ?? opts.provider, ...body(opts, true) });
        const added = await ctx.mailboxes.create(input);
        if (!opts.json) printLine(`Added mailbox ${added.id}.`);
        show(added, opts.json);
      }),
    );

  fieldFlags(mailboxes.command('set <id>').description("Change a mailbox (a new credential is tested first). Mailbox 1's sender and signature are saved in Settings → Email"), false).action(
    (raw: string, opts: MailboxFlags) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        const { parseInput } = await import('../../core/model/validate.ts');
        const { MailboxUpdate } = await import('../../core/model/mailboxes.ts');
        const id = parseId(raw);
        if (opts.provider !== undefined) throw invalid("A mailbox's provider does not change: add a new mailbox and remove this one");
        const patch = parseInput(MailboxUpdate, body(opts, false));
        if (Object.keys(patch).length === 0) throw invalid('Nothing to change: give at least one of --label, --from, --name, --signature, --smtp-…, --api-key, --cap, --spacing, --no-ramp or --ramp');
        show(await ctx.mailboxes.update(id, patch, null), opts.json);
      }),
  );

  mailboxes
    .command('test <id>')
    .description("Test the mailbox's connection now (an SMTP login or the provider's API); the answer is kept on the mailbox")
    .option('--json', 'print the mailbox as JSON')
    .action((raw: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        const m = await ctx.mailboxes.test(parseId(raw));
        if (opts.json) return printJson(m);
        printLine(m.test?.ok ? `Mailbox ${m.id} "${m.label}": connected. ${m.test.result}` : `Mailbox ${m.id} "${m.label}": the test failed. ${m.test?.result ?? ''}`);
        if (!m.test?.ok) process.exitCode = 1;
      }),
    );

  mailboxes
    .command('pause <id>')
    .description("Pause a mailbox: its emails stay queued (the others still send) until it is resumed; recorded in the feed")
    .option('--reason <text>', 'why (shown on the mailbox and in the feed)')
    .option('--json', 'print the mailbox as JSON')
    .action((raw: string, opts: { reason?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        const m = await ctx.mailboxes.pause(parseId(raw), opts.reason, terminalUser());
        if (opts.json) return printJson(m);
        printLine(`Mailbox ${m.id} "${m.label}" paused: ${m.paused?.reason}. Resume with: outreach mailboxes resume ${m.id}`);
      }),
    );

  mailboxes
    .command('resume <id>')
    .description('Resume a paused mailbox (recorded in the feed)')
    .option('--json', 'print the mailbox as JSON')
    .action((raw: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        const m = await ctx.mailboxes.resume(parseId(raw), terminalUser());
        if (opts.json) return printJson(m);
        printLine(`Mailbox ${m.id} "${m.label}" resumed.`);
      }),
    );

  mailboxes
    .command('remove <id>')
    .description('Remove a mailbox no email waits on (mailbox 1, Settings → Email, is not removed)')
    .action((raw: string) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        const id = parseId(raw);
        const { label } = await ctx.mailboxes.get(id);
        await ctx.mailboxes.remove(id);
        printLine(`Mailbox ${id} "${label}" removed.`);
      }),
    );

  mailboxes
    .command('campaign <campaign-id> [mailbox-ids]')
    .description("Show or choose the mailboxes a campaign's new threads go from: e.g. 1,2, or 'all' (the default)")
    .option('--json', 'one JSON object')
    .action((rawCampaign: string, rawIds: string | undefined, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseId } = await import('../args.ts');
        const campaignId = parseId(rawCampaign);
        await ctx.campaigns.get(campaignId); // a campaign that does not exist is named as such
        let ids: number[];
        if (rawIds === undefined) ids = await ctx.mailboxes.campaignMailboxes(campaignId);
        else if (rawIds.trim().toLowerCase() === 'all') ids = await ctx.mailboxes.setCampaignMailboxes(campaignId, []);
        else ids = await ctx.mailboxes.setCampaignMailboxes(campaignId, rawIds.split(',').map((s) => parseId(s.trim())));
        if (opts.json) return printJson({ campaign_id: campaignId, mailbox_ids: ids });
        printLine(`Campaign ${campaignId} sends from ${ids.length === 0 ? 'every mailbox' : `mailbox${ids.length === 1 ? '' : 'es'} ${ids.join(', ')}`}.`);
      }),
    );
}
