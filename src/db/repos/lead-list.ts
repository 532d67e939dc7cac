// The Leads list's queries, shared by its pages and the CSV export: which leads match a
// filter, in which order, after which cursor, and how many. Every shape walks an index that
// ends in the sort key and the id (schema/leads.ts); a search goes through the full-text
// index leads_fts (FTS5, migration 0005). tests/integration/lead-query-plans.test.ts checks
// each shape's plan.
import type { InValue } from '@libsql/core/api';
import { and, fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { ListTotal, SortKey } from '../../core/leads/cursor.ts';
import type { LeadFilter, LeadSort } from '../../core/model/lead.ts';
import type { Db } from '../client.ts';
import { dashboardCounters } from '../schema/counters.ts';
import { LEAD_SORT_KEYS, leads } from '../schema/leads.ts';

// Each sort orders by its key column, then by id, in this direction.
const DESCENDING: Record<LeadSort, boolean> = { discovered_at: true, opportunity: true, urgency: true, industry: false, location: false };

/** A search with up to this many matches reads them through the full-text index and sorts
 * them; with more, it walks the sort's index and keeps the rows found among the matches. */
export const SORT_MATCHES_UP_TO = 2000;

/** The search text as one FTS5 phrase, its last word a prefix; undefined when it has no word at all. */
function ftsPhrase(text: string): string | undefined {
  return /[\p{L}\p{N}]/u.test(text) ? `"${text.replaceAll('"', '""')}"*` : undefined;
}

/** The equality filters a filter has, each on an indexed column (search and ids choose where rows come from). */
const filters = (f: Omit<LeadFilter, 'sort'>) => ({
  status: f.status || undefined,
  category: f.business_category || undefined,
  campaign: f.campaign_id || undefined,
  email: f.has_email === undefined ? undefined : Number(f.has_email),
});
type Filters = ReturnType<typeof filters>;

/** Their condition, each value given by `bind` (the value itself, or a placeholder of its name). */
function where(f: Filters, bind: (name: keyof Filters) => SQLWrapper = (name) => sql`${f[name]}`): SQL | undefined {
  return and(
    f.status === undefined ? undefined : sql`${leads.status} = ${bind('status')}`,
    f.category === undefined ? undefined : sql`${leads.categoryKey} = lower(${bind('category')})`,
    f.campaign === undefined ? undefined : sql`${leads.campaignId} = ${bind('campaign')}`,
    f.email === undefined ? undefined : sql`${leads.hasEmail} = ${bind('email')}`,
  );
}

// Rows driven by a small set of ids (the given ones, or a search's few matches): CROSS JOIN
// makes SQLite read that set first and look each lead up by id, whatever index looks cheaper.
const byIds = (ids: SQLWrapper) => sql`json_each(${ids}) AS picked CROSS JOIN ${leads} ON ${leads.id} = picked.value`;
/** Whether a lead walked past is among the search's matches (read once per query into a set;
 * the + keeps SQLite from driving the query by the matches and sorting them all). */
const among = (phrase: SQLWrapper) => sql`+${leads.id} IN (SELECT rowid FROM leads_fts WHERE leads_fts MATCH ${phrase})`;

/** The ids of a search's matches when there are at most SORT_MATCHES_UP_TO, else undefined. */
export type FindMatches = (phrase: string) => Promise<number[] | undefined>;

/** FindMatches read from the full-text index each time. */
export const matchesOf =
  (db: Db): FindMatches =>
  async (phrase) => {
    const found = await db.all<{ id: number }>(sql`SELECT rowid AS id FROM leads_fts WHERE leads_fts MATCH ${phrase} LIMIT ${SORT_MATCHES_UP_TO + 1}`);
    return found.length <= SORT_MATCHES_UP_TO ? found.map((r) => Number(r.id)) : undefined;
  };

async function countUpTo(db: Db, rows: SQL, upTo?: number) {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${rows} ${upTo === undefined ? sql`` : sql`LIMIT ${upTo}`})`);
  return Number(row.n);
}

/** What a caller reads of each lead: columns (plain SQL values; `join` may add a table). A
 * module constant, so the queries built for it are kept (one per filter shape). */
export interface RowShape {
  columns: SQL;
  join?: SQL;
}

// Building a query with drizzle costs more than SQLite takes to answer a page: each shape of
// filter (which filters, a cursor or not, where the rows come from) is built once, with its
// values as placeholders, and filled per call.
const dialect = new SQLiteAsyncDialect();
const built = new WeakMap<RowShape, Map<string, { sql: string; params: unknown[] }>>();
const p = (name: string) => sql.placeholder(name);

/**
 * Up to `limit` matching leads after `after`, in the sort's order: a seek on the index of the
 * filter and sort, then a walk of `limit` entries. Each row holds the shape's columns and
 * `key`, the row's sort key as JSON for the next cursor.
 */
export async function orderedRows<T>(
  db: Db,
  filter: LeadFilter,
  limit: number,
  after: SortKey | undefined,
  shape: RowShape,
  findMatches: FindMatches = matchesOf(db),
): Promise<(T & { key: string })[]> {
  const phrase = filter.search === undefined ? undefined : ftsPhrase(filter.search);
  if (filter.search !== undefined && !phrase) return [];
  let ids = filter.ids;
  // Whether rows are kept only when among the search's matches (not when the ids are those matches).
  let searching = phrase !== undefined;
  if (!ids && phrase) {
    // Few matches: they are the ids to read (the search is evaluated once).
    const few = await findMatches(phrase);
    if (few) [ids, searching] = [few, false];
  }
  const values = filters(filter);
  const form = `${filter.sort} ${after ? 'after' : 'first'} ${ids ? 'ids' : 'all'} ${searching ? 'search' : 'all'} ${Object.values(values).map((v) => Number(v !== undefined)).join('')}`;
  const forms = built.get(shape) ?? built.set(shape, new Map()).get(shape)!;
  let query = forms.get(form);
  if (!query) {
    const key = LEAD_SORT_KEYS[filter.sort];
    const desc = DESCENDING[filter.sort];
    const conditions = and(
      searching ? among(p('phrase')) : undefined,
      where(values, p),
      after ? sql`(${key}, ${leads.id}) ${sql.raw(desc ? '<' : '>')} (${p('after0')}, ${p('after1')})` : undefined,
    );
    const dir = sql.raw(desc ? 'DESC' : 'ASC');
    query = dialect.sqlToQuery(sql`
      SELECT ${shape.columns}, json_array(${key}, ${leads.id}) AS key FROM ${ids ? byIds(p('ids')) : leads} ${shape.join ?? sql``}
      WHERE ${conditions ?? sql`1`}
      ORDER BY ${key} ${dir}, ${leads.id} ${dir} LIMIT ${p('limit')}`);
    forms.set(form, query);
  }
  const args = fillPlaceholders(query.params, { ...values, phrase, ids: ids && JSON.stringify(ids), after0: after?.[0], after1: after?.[1], limit }) as InValue[];
  return (await db.$client.execute({ sql: query.sql, args })).rows as unknown as (T & { key: string })[];
}

/** How many leads match: exactly, or (past `upTo`, when given) `upTo` as a lower bound. */
export async function countMatching(db: Db, filter: LeadFilter, upTo?: number, findMatches: FindMatches = matchesOf(db)): Promise<ListTotal> {
  const phrase = filter.search === undefined ? undefined : ftsPhrase(filter.search);
  if (filter.search !== undefined && !phrase) return { total: 0, exact: true };
  const others = where(filters(filter));
  if (!phrase && !filter.ids && !others) {
    // Every lead: the running total, exact at any size.
    const [row] = await db.select({ n: dashboardCounters.leads }).from(dashboardCounters);
    return { total: row?.n ?? 0, exact: true };
  }
  // A search with few matches counts those (each looked up by id when other filters apply);
  // with more, it counts through the full-text index.
  const few = phrase && !filter.ids ? await findMatches(phrase) : undefined;
  let rows: SQL | undefined;
  if (few) rows = others && sql`SELECT 1 FROM ${byIds(sql`${JSON.stringify(few)}`)} WHERE ${others}`;
  else if (filter.ids) rows = sql`SELECT 1 FROM ${byIds(sql`${JSON.stringify(filter.ids)}`)} WHERE ${and(phrase ? among(sql`${phrase}`) : undefined, others) ?? sql`1`}`;
  else if (!phrase) rows = sql`SELECT 1 FROM ${leads} WHERE ${others}`;
  else if (!others) rows = sql`SELECT 1 FROM leads_fts WHERE leads_fts MATCH ${phrase}`;
  else rows = sql`SELECT 1 FROM leads_fts CROSS JOIN ${leads} ON ${leads.id} = leads_fts.rowid WHERE leads_fts MATCH ${phrase} AND ${others}`;
  const counted = rows ? await countUpTo(db, rows, upTo === undefined ? undefined : upTo + 1) : few!.length;
  return upTo !== undefined && counted > upTo ? { total: upTo, exact: false } : { total: counted, exact: true };
}
