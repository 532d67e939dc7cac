// Keyset pagination: a cursor is the sort key of the last row seen (its sort values, then
// its id), opaque to callers. Rows inserted meanwhile never shift a page: no OFFSET.
import { invalid } from '../errors.ts';
import type { LeadSort } from '../model/lead.ts';

/** The sort values of one row, in ORDER BY order, ending with the lead id. */
export type SortKey = (string | number)[];

/** What each sort's key is made of (the database repo selects exactly these). */
export const SORT_KEY_SHAPE: Record<LeadSort, ('number' | 'string')[]> = {
  discovered_at: ['number', 'number'], // discovered_at ms, id (both descending)
  opportunity: ['number', 'number'], // market_opportunity_score (-1 when none), id (descending)
  urgency: ['number', 'number'], // urgency_score (-1 when none), id (descending)
  industry: ['number', 'string', 'number'], // industry missing (0/1), lower(industry), id (ascending)
  location: ['number', 'string', 'number'], // city missing (0/1), lower(city), id (ascending)
};

export const INVALID_CURSOR = 'cursor is not valid for this list (start again without a cursor)';

export function encodeCursor(sort: LeadSort, key: SortKey): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key })).toString('base64url');
}

export function decodeCursor(sort: LeadSort, cursor: string): SortKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(INVALID_CURSOR);
  }
  const shape = SORT_KEY_SHAPE[sort];
  const { s, k } = (parsed ?? {}) as { s?: unknown; k?: unknown };
  const fits = s === sort && Array.isArray(k) && k.length === shape.length && k.every((v, i) => typeof v === shape[i] && (typeof v !== 'number' || Number.isFinite(v)));
  if (!fits) throw invalid(INVALID_CURSOR);
  return k as SortKey;
}
