// The periods quotas are counted over. Email: any rolling 24 hours (what protects a
// sender's reputation). AI tokens: the UTC day. Search calls: the UTC calendar month,
// resetting on the 1st.
const HOUR = 3600_000;

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export const rolling24hStart = (now: Date) => new Date(now.getTime() - 24 * HOUR);

export function hoursUntilNextUtcDay(now: Date): number {
  return Math.ceil((startOfUtcDay(now).getTime() + 24 * HOUR - now.getTime()) / HOUR);
}

export function hoursUntilNextUtcMonth(now: Date): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return Math.ceil((next.getTime() - now.getTime()) / HOUR);
}

/** For a rolling window: when the oldest counted event leaves it (the whole window when nothing is counted). */
export function hoursUntilOldestExpires(oldest: Date | undefined, now: Date): number {
  if (!oldest) return 24;
  return Math.max(0, Math.ceil((oldest.getTime() + 24 * HOUR - now.getTime()) / HOUR));
}
