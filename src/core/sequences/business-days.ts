// Business days: Monday to Friday in the given time zone. Public holidays are not known here,
// so a follow-up may fall on one (the sending window still applies).
import { localSlot } from '../scheduling/optimal-time.ts';

const DAY_MS = 24 * 3600_000;
const WEEKEND = new Set(['Saturday', 'Sunday']);

export const isBusinessDay = (at: Date, timezone: string): boolean => !WEEKEND.has(localSlot(at, timezone).day);

/**
 * `from` moved on by `days` business days, at the same time of day: each step is a day, and
 * only days that land on a weekday count (so Friday + 1 is Monday, Saturday + 1 is Monday).
 */
export function addBusinessDays(from: Date, days: number, timezone: string): Date {
  let at = from.getTime();
  for (let left = days; left > 0; ) {
    at += DAY_MS;
    if (isBusinessDay(new Date(at), timezone)) left--;
  }
  return new Date(at);
}
