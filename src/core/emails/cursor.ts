// Keyset pagination of the emails list: a cursor is the sort key of the last email a page
// showed — when it was sent, else when it is scheduled, else when it was created (ms), then
// its id — opaque to callers. The next page starts strictly after it, so emails added
// meanwhile never shift a page (no OFFSET) and none is shown twice.

/** coalesce(sent_at, scheduled_send_time, created_at) in ms, then the email id (both descending). */
export type EmailKey = readonly [listAt: number, id: number];

/** Emails per page of the list (the API's limit; the CLI pages through all at the maximum). */
export const EMAIL_PAGE_SIZE = { default: 50, max: 200 } as const;

export const INVALID_EMAIL_CURSOR = 'cursor is not valid for the emails list (start again without a cursor)';

/** Names the list in the cursor, so a cursor of another list (leads) is refused, not misread. */
const LIST = 'emails';

export function encodeEmailCursor(key: EmailKey): string {
  return Buffer.from(JSON.stringify({ l: LIST, k: key })).toString('base64url');
}

/** The key a cursor carries, or undefined when it is not one this list gave out. */
export function decodeEmailCursor(cursor: string): EmailKey | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { l, k } = (parsed ?? {}) as { l?: unknown; k?: unknown };
  if (l !== LIST || !Array.isArray(k) || k.length !== 2) return undefined;
  const [listAt, id] = k as unknown[];
  if (!Number.isSafeInteger(listAt) || !Number.isSafeInteger(id) || (id as number) < 1) return undefined;
  return [listAt as number, id as number];
}
