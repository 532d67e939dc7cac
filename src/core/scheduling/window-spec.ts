// The sending windows as people type and read them: "mon-fri 09:00-11:00,14:00-16:00 sat
// 10:00-12:00" ⇄ the stored list of { day, time_range }. Each time range is checked by the
// same schema as the API's PUT, and an error names the part that is wrong.
import { invalid } from '../errors.ts';
import { describeIssues, quote } from '../model/validate.ts';
import { OptimalTime } from '../model/settings.ts';
import type { SendingWindow } from './windows.ts';

export const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** One day as typed: "mon", "tues", "Monday" (three letters at least) → its index in WEEK. */
function dayIndex(text: string): number | undefined {
  const t = text.toLowerCase();
  const i = t.length >= 3 ? WEEK.findIndex((d) => d.toLowerCase().startsWith(t)) : -1;
  return i < 0 ? undefined : i;
}

/** "mon-fri", "mon,wed,fri", "sat", "weekdays", "daily", "fri-mon" (wraps) → day names. */
export function parseDays(text: string): (typeof WEEK)[number][] {
  const named: Record<string, number[]> = { weekdays: [0, 1, 2, 3, 4], weekends: [5, 6], weekend: [5, 6], daily: [0, 1, 2, 3, 4, 5, 6], everyday: [0, 1, 2, 3, 4, 5, 6] };
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const p = part.trim().toLowerCase();
    if (named[p]) {
      named[p].forEach((d) => days.add(d));
      continue;
    }
    const [from, to, ...rest] = p.split('-');
    const a = dayIndex(from);
    const b = to === undefined ? a : dayIndex(to);
    if (a === undefined || b === undefined || rest.length > 0) {
      throw invalid(`"${quote(part, 40)}" is not a day: use mon … sun, a range such as mon-fri, a list such as mon,wed,fri, weekdays or daily`);
    }
    for (let d = a; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === b) break;
    }
  }
  return [...days].sort((x, y) => x - y).map((d) => WEEK[d]);
}

/** "9:00-11:00,14:00-16:00" → checked "HH:MM-HH:MM" ranges. */
export function parseRanges(text: string): string[] {
  return text.split(',').map((part) => {
    const range = part.trim().replace(/\b(\d):/g, '0$1:');
    const checked = OptimalTime.shape.time_range.safeParse(range);
    if (!checked.success) throw invalid(describeIssues(checked.error));
    return range;
  });
}

/** Pairs of DAYS RANGES ("mon-fri", "09:00-11:00,14:00-16:00", …) → the windows, in week order. */
export function parseWindowSpec(args: string[]): SendingWindow[] {
  if (args.length === 0 || args.length % 2 !== 0) {
    throw invalid(`Expected pairs of days and time ranges, e.g. "mon-fri 09:00-11:00,14:00-16:00 sat 10:00-12:00"; got ${args.length === 0 ? 'nothing' : `"${quote(args.join(' '), 80)}"`}`);
  }
  const windows: SendingWindow[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const days = parseDays(args[i]);
    const ranges = parseRanges(args[i + 1]);
    for (const day of days) for (const time_range of ranges) windows.push({ day, time_range });
  }
  const key = (w: SendingWindow) => `${WEEK.indexOf(w.day as (typeof WEEK)[number])}${w.time_range}`;
  const unique = new Map(windows.map((w) => [key(w), w]));
  return [...unique.values()].sort((a, b) => key(a).localeCompare(key(b)));
}

/** The windows by day, in week order: [["Monday", ["09:00-11:00", …]], …] (days without any left out). */
export function windowsByDay(windows: SendingWindow[]): [string, string[]][] {
  return WEEK.map((day) => [day, windows.filter((w) => w.day === day).map((w) => w.time_range).sort()] as [string, string[]]).filter(([, r]) => r.length > 0);
}
