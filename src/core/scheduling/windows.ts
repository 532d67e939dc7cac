// The operator's weekly sending windows (Settings → optimal sending times). The spec's
// rule: inside when the weekday matches and the hour is at or after the start hour and
// before the end hour; with no windows at all, every moment is inside.
import { localSlot } from './optimal-time.ts';

export interface SendingWindow {
  day: string;
  time_range: string;
}

/** The time zone windows are read in: this server's own, like the dashboard's "local time". */
export const localTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const hours = (w: SendingWindow) => [Number(w.time_range.slice(0, 2)), Number(w.time_range.slice(6, 8))] as const;

export function insideWindow(at: Date, windows: SendingWindow[], timezone = localTimezone()): boolean {
  if (windows.length === 0) return true;
  const { day, hour } = localSlot(at, timezone);
  return windows.some((w) => {
    const [start, end] = hours(w);
    return w.day === day && hour >= start && hour < end;
  });
}

/** `at` itself when inside a window, else the start of the next window (whole hours, DST-safe). */
export function nextWindowStart(at: Date, windows: SendingWindow[], timezone = localTimezone()): Date {
  if (insideWindow(at, windows, timezone)) return at;
  const start = new Date(at);
  start.setUTCMinutes(0, 0, 0);
  // Walk hour by hour through the coming week: the clock's own answer, whatever DST does.
  for (let i = 1; i <= 24 * 8; i++) {
    const candidate = new Date(start.getTime() + i * 3600_000);
    if (insideWindow(candidate, windows, timezone)) return candidate;
  }
  return at;
}
