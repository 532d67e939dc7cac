// A send time as the terminal shows it: on the recipient's clock, then on this machine's
// ("Tue 10:00 in Denver · 18:00 here"), so nobody converts zones in their head.
const format = (at: Date, timeZone: string, withDay: boolean) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, ...(withDay ? { weekday: 'short', day: 'numeric', month: 'short' } : {}), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** "America/Denver" → "Denver". */
export const placeOfZone = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

export function describeSendTime(iso: string, zone: string, here = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const at = new Date(iso);
  const theirs = `${format(at, zone, true)} in ${placeOfZone(zone)}`;
  if (zone === here) return theirs;
  const sameDay = format(at, zone, true).slice(0, -6) === format(at, here, true).slice(0, -6);
  return `${theirs} · ${format(at, here, !sameDay)} here`;
}
