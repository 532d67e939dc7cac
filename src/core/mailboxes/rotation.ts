// Which mailbox a thread goes from: its first email takes the mailbox with the most room today;
// every follow-up and answer keeps the thread's mailbox (src/core/mailboxes/service.ts).

export interface MailboxRoom {
  id: number;
  /** What it may still take today; Infinity when it has no limit of its own. */
  room: number;
  lastSentAt: Date | null;
}

/** The mailbox with the most room (then the one idle longest, then the oldest); undefined when none has room. */
export function pickMailbox(rooms: readonly MailboxRoom[]): number | undefined {
  const open = rooms.filter((r) => r.room > 0);
  open.sort((a, b) => b.room - a.room || (a.lastSentAt?.getTime() ?? 0) - (b.lastSentAt?.getTime() ?? 0) || a.id - b.id);
  return open[0]?.id;
}

/** When the mailbox may send again, given its spacing; undefined when it may now. */
export function spacedUntil(lastSentAt: Date | null, minSpacingSeconds: number, now: Date): Date | undefined {
  if (!lastSentAt || minSpacingSeconds <= 0) return undefined;
  const at = lastSentAt.getTime() + minSpacingSeconds * 1000;
  return at > now.getTime() ? new Date(at) : undefined;
}
