// The operator's weekly sending windows (Settings → Sending windows). The spec's rule:
// inside when the weekday matches and the hour is at or after the start hour and before
// the end hour; with no windows at all, every moment is inside. Windows are read on the
// recipient's clock (see recipient-zone.ts): 09:00 means 09:00 where the business is.
import { localSlot } from './optimal-time.ts';

export interface SendingWindow {
  day: string;
  time_range: string;
}

// Building an Intl.DateTimeFormat costs tens of microseconds, and lists ask per row: the
// answers are kept (the server's zone until TZ changes; validity per zone name, boundedly).
let server: { tz: string | undefined; zone: string } | undefined;
const known = new Map<string, boolean>();

/** This server's own time zone: the last fallback when a recipient's zone is unknown. */
export function localTimezone(): string {
  if (!server || server.tz !== process.env.TZ) server = { tz: process.env.TZ, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return server.zone;
}

/** Whether `zone` is an IANA time zone this runtime knows (a stored or AI-given name may not be). */
export function isTimeZone(zone: string): boolean {
  let valid = known.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = zone.includes('/') || zone === 'UTC';
    } catch {
      valid = false;
    }
    if (known.size >= 1000) known.clear();
    known.set(zone, valid);
  }
  return valid;
}

/** The zone a recipient's windows are read in: theirs when known and valid, else the server's. */
export const zoneOrServer = (zone: string | null | undefined): string => (zone && isTimeZone(zone) ? zone : localTimezone());

/**
 * THE answer to "when may an email to this recipient go?", for first emails and follow-ups:
 * `now` itself when it is inside one of the weekly windows on the recipient's clock, else
 * the start of the next such window. `zone` is the lead's stored time zone (leads.timezone);
 * null or unknown names fall back to the server's. DST-safe: it walks the recipient's clock.
 */
export function nextSendTime(now: Date, windows: SendingWindow[], zone: string | null): Date {
  return nextWindowStart(now, windows, zoneOrServer(zone));
}

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

/** Which recipients' windows are open at one moment: these stored zones, and (unknown) leads with none. */
export interface OpenZones {
  zones: string[];
  /** Leads with no (or an unusable) zone: open when the server's own clock is inside a window. */
  unknown: boolean;
  /** When the last of the open windows closes; undefined when none ever closes (no windows). */
  closesAt?: Date;
}

/** Sorts the zones of waiting recipients into open and closed at `now`, by nextSendTime's rule. */
export function openZones(now: Date, windows: SendingWindow[], waiting: (string | null)[]): OpenZones {
  const open: OpenZones = { zones: [], unknown: false };
  const ends: number[] = [];
  for (const zone of new Set(waiting)) {
    const clock = zoneOrServer(zone);
    if (!insideWindow(now, windows, clock)) continue;
    if (zone === null) open.unknown = true;
    else open.zones.push(zone);
    const end = windowEnd(now, windows, clock);
    if (end) ends.push(end.getTime());
  }
  if (windows.length > 0 && ends.length > 0) open.closesAt = new Date(Math.max(...ends));
  return open;
}
