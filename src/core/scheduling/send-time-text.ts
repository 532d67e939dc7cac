// A send time in words, on the recipient's clock and then the reader's ("Tue 10:00 in Denver ·
// 18:00 your time"), so nobody converts zones in their head. Shared by the CLI and the dashboard.
const SIX_DAYS = 6 * 24 * 3600_000;

const parts = (at: Date, timeZone: string, withDate: boolean) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', ...(withDate ? { day: 'numeric', month: 'short' } : {}), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((o, p) => ({ ...o, [p.type]: p.value }), {});

/** "America/Los_Angeles" → "Los Angeles". */
export const placeOfZone = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

function clock(at: Date, zone: string, withDate: boolean): { day: string; time: string } {
  const p = parts(at, zone, withDate);
  return { day: withDate ? `${p.weekday} ${p.day} ${p.month}` : p.weekday, time: `${p.hour}:${p.minute}` };
}

/** "Tue 10:00 in Denver": on the recipient's clock alone (where the reader's zone is not known). */
export function recipientTime(iso: string, recipientZone: string, now = Date.now()): string {
  const at = new Date(iso);
  const theirs = clock(at, recipientZone, Math.abs(at.getTime() - now) > SIX_DAYS);
  return `${theirs.day} ${theirs.time} in ${placeOfZone(recipientZone)}`;
}

/**
 * "Tue 10:00 in Denver · 18:00 your time"; the reader's day is named when it differs
 * ("Tue 22:00 in Denver · Wed 06:00 your time"), and the date when it is a week or more away.
 */
export function twoZoneTime(iso: string, recipientZone: string, readerZone: string, now = Date.now(), yours = 'your time'): string {
  const at = new Date(iso);
  const withDate = Math.abs(at.getTime() - now) > SIX_DAYS;
  const theirs = clock(at, recipientZone, withDate);
  const mine = clock(at, readerZone, withDate);
  const there = `${theirs.day} ${theirs.time} in ${placeOfZone(recipientZone)}`;
  if (theirs.day === mine.day && theirs.time === mine.time) return `${there} (${yours} too)`;
  return `${there} · ${theirs.day === mine.day ? '' : `${mine.day} `}${mine.time} ${yours}`;
}
