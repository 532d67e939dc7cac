// The sending domains' daily check in `outreach serve`: once at start, then every hour the
// last report's age is looked at, for the configured sender and every other mailbox's, and the
// domain checked again when it is older than a day (SendingDomainChecks.checkIfDue). Hourly, so
// a server restarted often still checks daily.
import { Cron } from 'croner';
import type { SendingDomainReport } from '../model/sending-domain.ts';
import type { EmailSettings } from '../settings/email-config.ts';
import type { SendingDomainChecks } from './sending-domain.ts';

export class SendingDomainLoop {
  private job?: Cron;
  private current?: Promise<void>;

  constructor(
    private readonly checks: Pick<SendingDomainChecks, 'checkIfDue'>,
    /** The other mailboxes' senders (mailbox 1's is the configured one). */
    private readonly mailboxes: () => Promise<EmailSettings[]> = async () => [],
    private readonly pattern = '23 * * * *',
    private readonly log: Pick<Console, 'log' | 'error'> = console,
  ) {}

  start(): void {
    this.round();
    this.job = new Cron(this.pattern, { protect: true }, () => this.round());
  }

  async stop(): Promise<void> {
    this.job?.stop();
    await this.current;
  }

  private round(): Promise<void> {
    this.current = (async () => {
      for (const via of [undefined, ...(await this.mailboxes().catch(() => []))]) {
        // One domain's failure (DNS down) does not keep the others from their check.
        await this.checks.checkIfDue(via).then((report) => this.tell(report), (error: unknown) => void this.log.error(`[sending domain] ${(error as Error).message}`));
      }
    })();
    return this.current;
  }

  private tell(report: SendingDomainReport | null): void {
    if (report && (!report.authenticated || report.listed)) {
      const bad = [...report.auth.filter((a) => a.status !== 'ok' && a.status !== 'not_checked').map((a) => `${a.kind.toUpperCase()} ${a.status}`), ...report.blocklists.filter((b) => b.status === 'listed').map((b) => `listed on ${b.list}`)];
      this.log.log(`[sending domain] ${report.identity.domain}: ${bad.join(', ')} (outreach deliverability shows the records to publish)`);
    }
  }
}
