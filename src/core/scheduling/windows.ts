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

const QUARTER_HOUR = 15 * 60_000;
const hours = (w: SendingWindow) => [Number(w.time_range.slice(0, 2)), Number(w.time_range.slice(6, 8))] as const;

export function insideWindow(at: Date, windows: SendingWindow[], timezone = localTimezone()): boolean {
  if (windows.length === 0) return true;
  const { day, hour } = localSlot(at, timezone);
  return windows.some((w) => {
    const [start, end] = hours(w);
    return w.day === day && hour >= start && hour < end;
  });
}

/** `at` itself when inside a window, else the start of the next window (DST-safe). */
export function nextWindowStart(at: Date, windows: SendingWindow[], timezone = localTimezone()): Date {
  if (insideWindow(at, windows, timezone)) return at;
  // Walk the coming week in quarter hours (every local hour starts on one, whatever the
  // zone's offset): the clock's own answer, whatever DST does.
  const start = Math.floor(at.getTime() / QUARTER_HOUR) * QUARTER_HOUR;
  for (let i = 1; i <= 8 * 24 * 4; i++) {
    const candidate = new Date(start + i * QUARTER_HOUR);
    if (insideWindow(candidate, windows, timezone)) return candidate;
  }
  return at;
}

/** When the window `at` is in closes; undefined with no windows (never closes). `at` when outside. */
export function windowEnd(at: Date, windows: SendingWindow[], timezone = localTimezone()): Date | undefined {
  if (windows.length === 0) return undefined;
  if (!insideWindow(at, windows, timezone)) return at;
  const start = Math.floor(at.getTime() / QUARTER_HOUR) * QUARTER_HOUR;
  for (let i = 1; i <= 8 * 24 * 4; i++) {
    const candidate = new Date(start + i * QUARTER_HOUR);
    if (!insideWindow(candidate, windows, timezone)) return candidate;
  }
  return undefined; // every hour of the week is a window
}
