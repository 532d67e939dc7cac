// How far apart automatic (live-campaign) sends go. A burst of identical-looking mail is
// what spam filters look for, so live emails are spread out: fast enough to get through
// what waits before the sending window closes, never faster than the configured delay,
// and never slower than the even pace that reaches target_emails_per_day.
const DAY_MS = 24 * 3600_000;

export interface PaceInput {
  now: Date;
  /** When the current sending window closes; undefined when there are no windows. */
  windowEnd: Date | undefined;
  /** Live emails still queued. */
  waiting: number;
  /** Sends left under target_emails_per_day in the rolling 24 hours. */
  budgetLeft: number;
  targetPerDay: number;
  /** email_send_delay, in ms. */
  minGapMs: number;
}

export function livePaceMs(p: PaceInput): number {
  const evenPace = DAY_MS / Math.max(1, p.targetPerDay);
  const toSend = Math.max(1, Math.min(p.waiting, p.budgetLeft));
  const timeLeft = (p.windowEnd?.getTime() ?? p.now.getTime() + DAY_MS) - p.now.getTime();
  return Math.round(Math.max(p.minGapMs, Math.min(evenPace, timeLeft / toSend)));
}
