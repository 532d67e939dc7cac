// Ramp-up: a new mailbox sends a few emails on its first day and a few more each day after,
// up to its cap, so the receiving servers learn its reputation slowly (config: email.mailboxes).
const DAY_MS = 86_400_000;

export interface RampRules {
  startPerDay: number;
  stepPerDay: number;
}

export interface RampedMailbox {
  /** Null: no cap of its own. */
  dailyCap: number | null;
  ramp: boolean;
  rampStartedAt: Date;
}

/** The day of the ramp at `now`, counting from 1 (the day it started). */
export function rampDay(m: Pick<RampedMailbox, 'rampStartedAt'>, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - m.rampStartedAt.getTime()) / DAY_MS)) + 1;
}

/** How many sends the mailbox may make in the rolling 24 hours today; null: no limit of its own. */
export function allowance(m: RampedMailbox, now: Date, rules: RampRules): number | null {
  if (!m.ramp) return m.dailyCap;
  const ramped = rules.startPerDay + rules.stepPerDay * (rampDay(m, now) - 1);
  return m.dailyCap === null ? ramped : Math.min(m.dailyCap, ramped);
}

/** What skipping the ramp risks, said where an operator turns it off. */
export function rampWarning(m: Pick<RampedMailbox, 'ramp' | 'dailyCap'>): string | null {
  if (m.ramp) return null;
  return `Ramp-up is off: this mailbox may send ${m.dailyCap === null ? 'up to the daily email quota' : `${m.dailyCap} emails`} from its first day. For a mailbox or domain without a sending history, receiving servers read a sudden volume as spam and may block it; skip the ramp only for a mailbox that already sends this much.`;
}
