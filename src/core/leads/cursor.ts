// Keyset pagination: a cursor is the sort key of the last row seen (its sort value, then its
// id), opaque to callers. Rows inserted meanwhile never shift a page: no OFFSET. It also
// carries the total counted for the first page, so later pages never count again.
import { invalid } from '../errors.ts';
import type { LeadSort } from '../model/lead.ts';

/** The sort value of one row, then the lead id. */
export type SortKey = (string | number)[];

/** What each sort's key is made of (the database repo selects exactly these). */
export const SORT_KEY_SHAPE: Record<LeadSort, ('number' | 'string')[]> = {
  discovered_at: ['number', 'number'], // discovered_at ms, id (both descending)
  opportunity: ['number', 'number'], // market_opportunity_score (-1 when none), id (descending)
  urgency: ['number', 'number'], // urgency_score (-1 when none), id (descending)
  industry: ['string', 'number'], // '0' + lower(industry), or '1' when missing; id (ascending)
  location: ['string', 'number'], // the same for the city
};

/** The total of the list as counted on its first page. */
export interface ListTotal {
  total: number;
  /** False when more leads matched than were counted: total is then a lower bound. */
  exact: boolean;
}

export interface Cursor extends ListTotal {
  key: SortKey;
}

export const INVALID_CURSOR = 'cursor is not valid for this list (start again without a cursor)';

export function encodeCursor(sort: LeadSort, cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ s: sort, k: cursor.key, t: cursor.total, e: cursor.exact })).toString('base64url');
}

export function decodeCursor(sort: LeadSort, cursor: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(INVALID_CURSOR);
  }
  const shape = SORT_KEY_SHAPE[sort];
  const { s, k, t, e } = (parsed ?? {}) as { s?: unknown; k?: unknown; t?: unknown; e?: unknown };
  const keyFits = Array.isArray(k) && k.length === shape.length && k.every((v, i) => typeof v === shape[i] && (typeof v !== 'number' || Number.isFinite(v)));
  const totalFits = Number.isSafeInteger(t) && (t as number) >= 0 && typeof e === 'boolean';
  if (s !== sort || !keyFits || !totalFits) throw invalid(INVALID_CURSOR);
  return { key: k as SortKey, total: t as number, exact: e as boolean };
}
