// The `outreach` command: the same domain services as the dashboard, for terminals and cron.
import { Command, CommanderError } from 'commander';
import { DomainError } from '../core/errors.ts';
import { registerDb } from './commands/db.ts';
import { registerLeads } from './commands/leads.ts';
import { registerDeals } from './commands/deals.ts';
import { registerSandbox } from './commands/sandbox.ts';
import { registerSchedule } from './commands/schedule.ts';
import { registerServe } from './commands/serve.ts';
import { registerSettings } from './commands/settings.ts';
import { registerSuppress } from './commands/suppress.ts';
import { registerGuards } from './commands/guards.ts';
import { registerReplies } from './commands/replies.ts';
import { registerUsage } from './commands/usage.ts';
import { registerAnalytics } from './commands/analytics.ts';
import { registerWorker } from './commands/worker.ts';
import { registerUsers } from './commands/users.ts';
import { registerCampaign } from './commands/campaign.ts';
import { registerRun } from './commands/run.ts';
import { registerDrafts } from './commands/drafts.ts';
import { registerEmails } from './commands/emails.ts';
import { registerAnalyze } from './commands/analyze.ts';
import { registerPitch } from './commands/pitch.ts';
import { registerDeliverability } from './commands/deliverability.ts';
import { registerMailboxes } from './commands/mailboxes.ts';
import pkg from '../../package.json' with { type: 'json' };

// `outreach … | head` closes the pipe early: that is not an error worth a stack trace.
// A closed terminal (EIO) is no reason to stop either: a foreground run that got SIGHUP must
// still pause its campaign; what it writes meanwhile has nowhere to go.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  if (error.code !== 'EIO') throw error;
});
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error;
});

const program = new Command('outreach')
  .description('Outreach CRM: find local businesses whose websites need work, write to them, track what happens.')
  .version(pkg.version)
  .showHelpAfterError()
  .exitOverride();

registerServe(program);
registerDb(program);
registerUsers(program);
registerSandbox(program);
registerSettings(program);
registerUsage(program);
registerAnalytics(program);
registerWorker(program);
registerSchedule(program);
registerSuppress(program);
registerGuards(program);
registerReplies(program);
registerLeads(program);
registerDeals(program);
registerCampaign(program);
registerRun(program);
registerDrafts(program);
registerEmails(program);
registerAnalyze(program);
registerPitch(program);
registerDeliverability(program);
registerMailboxes(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof DomainError) {
    console.error(`error: ${error.message}`);
    process.exit(1);
  }
  console.error(error instanceof Error ? `error: ${error.message}` : error);
  process.exit(1);
}
