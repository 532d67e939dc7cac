// Emails this tab sent with Send Now: their Send Now toast already says where they went, so
// the live channel's "✅ Email sent!" for the same email would be a second, vaguer message.
const ids = new Set<number>();
/** How long the live channel's echo of a Send Now may take to arrive (it tails the activity table). */
const ECHO_MS = 60_000;

export function markSendingHere(id: number): void {
  ids.add(id);
  setTimeout(() => ids.delete(id), ECHO_MS);
}

/** True (once) when this tab sent the email itself. */
export function sentHere(id: unknown): boolean {
  return typeof id === 'number' && ids.delete(id);
}
