import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { invalid } from '../../core/errors.ts';
import type { KeyType } from '../../core/model/providers.ts';
import type { EmailConfig } from '../../core/model/settings.ts';
import type { SettingKey } from '../../core/settings/catalog.ts';
import { parseFrom } from '../../core/settings/email-config.ts';
import { TERMINAL_OPERATOR } from '../../core/users/access.ts';
import type { Context } from '../../app.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

/** The input checks (zod schemas) load when a command runs, not for --help. */
const checks = async () => ({ ...(await import('../../core/model/validate.ts')), ...(await import('../../core/model/settings.ts')) });

/** Key names as typed on the command line → the setting and how to check it. */
const KEYS: Record<string, { setting: SettingKey; check?: KeyType }> = {
  serpapi: { setting: 'serpapi_api_key', check: 'serpapi' },
  gemini: { setting: 'gemini_api_key', check: 'gemini' },
  'gemini-model': { setting: 'gemini_model' },
  'google-cse': { setting: 'google_custom_search_api_key', check: 'google_custom_search_api_key' },
  'google-cse-engine': { setting: 'google_custom_search_engine_id', check: 'google_custom_search_engine_id' },
};

/** The email provider, then the sender's own identity and what it still lacks. */
function emailLines(config: EmailConfig): string[] {
  const provider = config.configured
    ? `Email provider: ${config.provider}${config.source === 'environment' ? ' (credential from the environment)' : ''}`
    : 'Email provider: none (the outbox in data/outbox is used; nothing is delivered)';
  const from = config.from_email ? (config.from_name ? `${config.from_name} <${config.from_email}>` : config.from_email) : '(no address)';
  const lines = [provider, `Sender: ${config.from_name || config.from_email ? from : 'not set'}`, `Postal address: ${config.postal_address ?? 'not set'}`];
  if (!config.sender_ready) lines.push(`Sender identity incomplete, emails can't be sent: missing ${config.sender_missing.join(', ')}`);
  return lines;
}

/** A secret typed as an argument ends up in shell history: `-` reads it from standard input. */
const readValue = (value: string) => (value === '-' ? readFileSync(0, 'utf8').trim() : value);

export function registerSettings(program: Command): void {
  const settings = program.command('settings').description('Credentials, email provider and system limits (terminal operator = admin)');

  settings
    .command('show')
    .description('What is configured (never the secret values)')
    .option('--json', 'one JSON object')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const keys = await ctx.settings.apiKeyStatus(TERMINAL_OPERATOR);
        const email = await ctx.settings.emailConfig(TERMINAL_OPERATOR);
        const sending = await ctx.settings.sendingEnabled();
        const system = await ctx.settings.systemConfig(TERMINAL_OPERATOR);
        const limits = await ctx.meter.limits();
        if (opts.json) return printJson({ api_keys: keys, email, email_sending_enabled: sending, system, quotas: limits });
        printTable(
          Object.entries(keys).map(([name, s]) => ({ key: name, configured: s.configured ? 'yes' : 'no', source: s.source ?? '', updated: s.last_updated ?? '' })),
          ['key', 'configured', 'source', 'updated'],
        );
        printLine('');
        emailLines(email).forEach(printLine);
        printLine(`Email sending: ${sending ? 'enabled' : 'disabled (approved emails queue but do not send)'}`);
        printLine(`Quotas: ${limits.emailsPerDay} emails / 24 h, ${limits.searchCallsPerMonth} searches / month, ${limits.aiTokensPerDay.toLocaleString('en-US')} AI tokens / day`);
        printLine(`Search: ${await ctx.providers.searchKind()}   AI: ${(await ctx.providers.ai()).id}`);
      }),
    );

  settings
    .command('set-key <name> <value>')
    .description(`Check a credential against its service, then save it encrypted. Names: ${Object.keys(KEYS).join(', ')}. Value '-' reads standard input`)
    .option('--no-check', 'save without checking against the service')
    .action((name: string, raw: string, opts: { check: boolean }) =>
      withContext(async (ctx) => {
        const { quote } = await checks();
        const target = KEYS[name];
        if (!target) throw invalid(`Unknown key "${quote(name)}": use one of ${Object.keys(KEYS).join(', ')}`);
        const value = readValue(raw);
        if (opts.check && target.check) {
          const result = await ctx.settings.validateKey(TERMINAL_OPERATOR, { key_type: target.check, key_value: value });
          if (!result.valid) throw invalid(result.message);
          printLine(result.message);
        }
        await ctx.settings.write(TERMINAL_OPERATOR, target.setting, value);
        printLine(`Saved ${target.setting}${target.setting.endsWith('_key') ? ' (encrypted)' : ''}.`);
      }),
    );

  settings
    .command('email')
    .description('Configure the email provider and sender; with no option, show it')
    .option('--provider <provider>', 'brevo, resend or smtp')
    .option('--key <key>', "the Brevo or Resend API key ('-' reads standard input)")
    .option('--smtp-url <url>', "smtp://user:pass@host:587 or smtps://…:465 ('-' reads standard input)")
    .option('--from <from>', 'the sender, as "Name <address>" or an address')
    .option('--signature <text>', 'signature; {sender_name} is replaced by the from name')
    .option('--postal-address <address>', "your postal address, printed in every email's footer")
    .option('--test <address>', 'then send a test email to this address')
    .option('--clear', 'delete the email configuration')
    .action((opts: { provider?: string; key?: string; smtpUrl?: string; from?: string; signature?: string; postalAddress?: string; test?: string; clear?: boolean }) =>
      withContext(async (ctx) => {
        if (opts.clear) {
          await ctx.settings.clearEmailConfig(TERMINAL_OPERATOR);
          return printLine('Email configuration cleared.');
        }
        const { parseInput, EmailConfigInput } = await checks();
        const from = opts.from ? parseFrom(opts.from) : undefined;
        const changes = parseInput(EmailConfigInput, {
          provider: opts.provider,
          from_email: from?.email,
          from_name: from?.name,
          email_signature: opts.signature?.replace(/\\n/g, '\n'),
          postal_address: opts.postalAddress,
          ...(opts.key && { [opts.provider === 'resend' ? 'resend_api_key' : 'brevo_api_key']: readValue(opts.key) }),
        });
        const hasChanges = Object.values(changes).some((v) => v !== undefined);
        if (opts.smtpUrl) {
          const url = readValue(opts.smtpUrl);
          const check = await ctx.providers.checkSmtp(url);
          if (!check.valid) throw invalid(check.message);
          await ctx.settings.write(TERMINAL_OPERATOR, 'smtp_url', url);
          await ctx.settings.write(TERMINAL_OPERATOR, 'email_provider', 'smtp');
        }
        const config = hasChanges ? await ctx.settings.saveEmailConfig(TERMINAL_OPERATOR, changes) : await ctx.settings.emailConfig(TERMINAL_OPERATOR);
        emailLines(config).forEach(printLine);
        if (opts.test) {
          const sent = await ctx.settings.sendTestEmail(TERMINAL_OPERATOR, await ctx.providers.mailer(), opts.test);
          printLine(`Test email sent to ${opts.test} via ${sent.provider}.`);
        }
      }),
    );

  settings
    .command('system')
    .description('Show the system configuration, or change values with --set name=value')
    .option('--set <pair...>', 'e.g. --set max_retries=5 email_send_delay=2.5')
    .option('--json', 'one JSON object')
    .action((opts: { set?: string[]; json?: boolean }) =>
      withContext(async (ctx) => {
        const { quote } = await checks();
        let config = await ctx.settings.systemConfig(TERMINAL_OPERATOR);
        if (opts.set?.length) {
          const changes = Object.fromEntries(
            opts.set.map((pair) => {
              const [name, value] = pair.split('=');
              if (!name || value === undefined) throw invalid(`Expected name=value, got "${quote(pair)}"`);
              return [name, value === 'true' ? true : value === 'false' ? false : Number(value)];
            }),
          );
          config = await ctx.settings.saveSystemConfig(TERMINAL_OPERATOR, changes);
        }
        if (opts.json) return printJson(config);
        printTable(Object.entries(config).map(([name, value]) => ({ setting: name, value: String(value) })), ['setting', 'value']);
      }),
    );

  registerWindows(settings);
}

/** `outreach settings windows [show]`, `… windows set DAYS RANGES …`, `… windows clear`. */
function registerWindows(settings: Command): void {
  const windows = settings
    .command('windows')
    .description("The weekly sending windows, read on each recipient's clock: show them, set them or clear them")
    .option('--json', 'one JSON object')
    .action((opts: { json?: boolean }) => showWindows(opts));
  windows.command('show').description('Show the weekly sending windows').option('--json', 'one JSON object').action((opts: { json?: boolean }) => showWindows(opts));
  windows
    .command('set <days-and-ranges...>')
    .description('Replace the windows with pairs of days and time ranges')
    .addHelpText('after', '\nExamples:\n  outreach settings windows set mon-fri 09:00-11:00,14:00-16:00\n  outreach settings windows set weekdays 9:00-12:00 sat 10:00-12:00\nDays: mon … sun, ranges (mon-fri), lists (mon,wed,fri), weekdays, weekends, daily.')
    .option('--json', 'one JSON object')
    .action((args: string[], opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { parseWindowSpec } = await import('../../core/scheduling/window-spec.ts');
        await ctx.settings.saveOptimalTimes(TERMINAL_OPERATOR, { optimal_times: parseWindowSpec(args) });
        await printWindows(ctx, opts);
      }),
    );
  windows
    .command('clear')
    .description('Remove every window: emails then go at any hour')
    .option('--json', 'one JSON object')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        await ctx.settings.saveOptimalTimes(TERMINAL_OPERATOR, { optimal_times: [] });
        await printWindows(ctx, opts);
      }),
    );
}

const showWindows = (opts: { json?: boolean }) => withContext((ctx) => printWindows(ctx, opts));

async function printWindows(ctx: Context, opts: { json?: boolean }): Promise<void> {
  const { windowsByDay } = await import('../../core/scheduling/window-spec.ts');
  const { ZONE_RULE } = await import('../../core/scheduling/zone-rule.ts');
  const saved = await ctx.settings.optimalTimes();
  if (opts.json) return printJson(saved);
  if (saved.optimal_times.length === 0) printLine('No sending windows: emails go at any hour.');
  else printTable(windowsByDay(saved.optimal_times).map(([day, ranges]) => ({ day, windows: ranges.join(', ') })), ['day', 'windows']);
  printLine(ZONE_RULE);
}
