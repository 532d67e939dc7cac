// The bounce and complaint guard: a pure rule over a window of recent sends. It does not
// know what it guards (a campaign, live sending as a whole, later one mailbox): it is given
// that scope's sends, newest first, each with whether it hard-bounced and whether its
// recipient complained, and says whether the scope must stop, with the figures.
//
// Thresholds (config/default.json email.guards): Gmail's sender guidelines ask bulk senders to
// keep reported spam under 0.1 % and never reach 0.3 %; the cold-email tools pause a campaign
// whose bounces pass a few per cent (Smartlead and Woodpecker let it be set, WarmySender
// enforces 5 % once 50 emails went, Woodpecker reads a rate only after 20 sends). A rate over
// fewer sends than `min_sends` says nothing and never stops anything.

export interface GuardThresholds {
  /** Hard bounces over sends, in per cent, above which the scope stops. */
  hardBouncePercent: number;
  /** Complaints over sends, in per cent, above which the scope stops. */
  complaintPercent: number;
  /** Sends in the window before a rate means anything. */
  minSends: number;
  /** At most this many most recent sends are read. */
  windowSends: number;
  /** Only sends of the last this many days are read. */
  windowDays: number;
}

/** One send in the window: an email that left (or that the provider refused for good). */
export interface WindowSend {
  emailId: number;
  at: Date;
  hardBounce: boolean;
  complaint: boolean;
}

export interface GuardFigures {
  sends: number;
  hardBounces: number;
  complaints: number;
  /** Per cent, one decimal place kept for display (e.g. 4.2). */
  hardBounceRate: number;
  complaintRate: number;
  windowSends: number;
  windowDays: number;
}

export type GuardVerdict =
  | { stop: false; figures: GuardFigures; note?: string }
  | { stop: true; figures: GuardFigures; cause: 'hard_bounces' | 'complaints'; reason: string };

const DAY_MS = 86_400_000;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);

/** "4.2 %", "0.25 %": enough decimals that a small complaint rate is not shown as 0. */
export function formatPercent(value: number): string {
  const digits = value !== 0 && value < 1 ? 2 : 1;
  return `${Number(value.toFixed(digits))} %`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sends the rule reads: at most `windowSends`, none older than `windowDays`, newest first. */
export function windowOf(sends: WindowSend[], t: GuardThresholds, now: Date): WindowSend[] {
  const since = now.getTime() - t.windowDays * DAY_MS;
  return [...sends]
    .filter((s) => s.at.getTime() >= since)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.emailId - a.emailId)
    .slice(0, t.windowSends);
}

/**
 * Whether the scope must stop: its hard-bounce rate above `hardBouncePercent` or its complaint
 * rate above `complaintPercent`, over the window, once it holds at least `minSends` sends.
 * Bounces are named first when both are over.
 */
export function evaluateGuard(sends: WindowSend[], t: GuardThresholds, now: Date): GuardVerdict {
  const window = windowOf(sends, t, now);
  const hardBounces = window.filter((s) => s.hardBounce).length;
  const complaints = window.filter((s) => s.complaint).length;
  const figures: GuardFigures = {
    sends: window.length,
    hardBounces,
    complaints,
    hardBounceRate: percent(hardBounces, window.length),
    complaintRate: percent(complaints, window.length),
    windowSends: t.windowSends,
    windowDays: t.windowDays,
  };
  if (window.length < t.minSends) {
    const note = hardBounces + complaints > 0 ? `${plural(window.length, 'send', 'sends')} so far: rates are read from ${t.minSends} sends` : undefined;
    return { stop: false, figures, note };
  }
  const last = `in the last ${plural(window.length, 'send', 'sends')}`;
  if (figures.hardBounceRate > t.hardBouncePercent) {
    const reason = `${plural(hardBounces, 'hard bounce', 'hard bounces')} ${last} (${formatPercent(figures.hardBounceRate)}, above ${formatPercent(t.hardBouncePercent)})`;
    return { stop: true, figures, cause: 'hard_bounces', reason };
  }
  if (figures.complaintRate > t.complaintPercent) {
    const reason = `${plural(complaints, 'spam complaint', 'spam complaints')} ${last} (${formatPercent(figures.complaintRate)}, above ${formatPercent(t.complaintPercent)})`;
    return { stop: true, figures, cause: 'complaints', reason };
  }
  return { stop: false, figures };
}
