// Times as the terminal shows them. A send time in words: on the recipient's clock, then on this
// machine's. A time in a table: one format, on this machine's clock, with the zone said once.
import { twoZoneTime } from '../../core/scheduling/send-time-text.ts';

/** This machine's time zone (the TZ environment variable, else the system's). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const describeSendTime = (iso: string, zone: string) => twoZoneTime(iso, zone, localZone(), Date.now(), 'here');

/** "2026-03-03 09:05" on this machine's clock; '' for no time. Every time column of a table reads this way. */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: localZone(), year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(iso))
    .reduce<Record<string, string>>((o, p) => ({ ...o, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The line under a table whose times `localTime` wrote. */
export const localTimeNote = () => `Times are this machine's local time (${localZone()}).`;
