// The "list" search provider: a lead list the user already has (a CSV export from a CRM or
// a spreadsheet, or a text file with one URL or domain per line). Offline, never metered.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { SearchHit, SearchPage, SearchProvider, SearchRequest } from '../../core/model/providers.ts';
import { hasCredentials } from '../../core/pipeline/store.ts';

export interface SkippedLine {
  line: number;
  reason: string;
}

export interface LeadList {
  hits: SearchHit[];
  skipped: SkippedLine[];
}

type Column = 'url' | 'name' | 'phone' | 'address' | 'city';

// Header names are compared lower-cased with spaces, dashes and underscores removed.
const HEADERS: Record<string, Column> = {
  url: 'url', website: 'url', websiteurl: 'url', domain: 'url', link: 'url', homepage: 'url',
  name: 'name', business: 'name', businessname: 'name', company: 'name', companyname: 'name', title: 'name',
  phone: 'phone', phonenumber: 'phone', telephone: 'phone', tel: 'phone',
  address: 'address', streetaddress: 'address', city: 'city',
};

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Turns a cell or line into an http(s) URL, or says why it cannot be one. */
export function normaliseUrl(raw: string): { url: URL } | { reason: string } {
  const text = raw.trim().replace(/^<(.*)>$/, '$1');
  if (!text) return { reason: 'no website URL' };
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  // "acme.com:8080/x" parses as scheme "acme.com"; only a dot-free word is a real scheme.
  const hasScheme = scheme !== undefined && !scheme.includes('.') && !/^\d+$/.test(text.slice(scheme.length + 1, scheme.length + 2));
  if (hasScheme && scheme !== 'http' && scheme !== 'https') return { reason: `not an http(s) URL (${scheme}:)` };
  if (/\s/.test(text)) return { reason: 'not a URL or domain' };
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text.replace(/^\/\//, '')}`);
  } catch {
    return { reason: 'not a URL or domain' };
  }
  if (hasCredentials(url)) return { reason: 'URL contains credentials' };
  const host = url.hostname.toLowerCase();
  const ipv6 = host.startsWith('[');
  const ok = DOMAIN.test(host) || ipv6 || (IPV4.test(host) && hasScheme) || (host === 'localhost' && hasScheme);
  return ok ? { url } : { reason: 'not a URL or domain' };
}

/** The key used to spot the same business twice: the hostname without a leading www. */
export function hostKey(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

function clean(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

class Collector {
  readonly hits: SearchHit[] = [];
  readonly skipped: SkippedLine[] = [];
  private readonly seen = new Map<string, number>();

  add(line: number, rawUrl: string, fields: Omit<SearchHit, 'url' | 'title'> & { title?: string }): void {
    const result = normaliseUrl(rawUrl);
    if ('reason' in result) return void this.skipped.push({ line, reason: result.reason });
    const key = hostKey(result.url.href);
    const first = this.seen.get(key);
    if (first !== undefined) return void this.skipped.push({ line, reason: `duplicate of line ${first} (${key})` });
    this.seen.set(key, line);
    const hit: SearchHit = { title: fields.title ?? key, url: result.url.href };
    for (const field of ['address', 'phone'] as const) if (fields[field]) hit[field] = fields[field];
    this.hits.push(hit);
  }
}

function isComment(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#');
}

/** Finds a header row: the delimiter it uses and which columns it names, or undefined. */
function detectHeader(firstLine: string): { delimiter: string; columns: (Column | undefined)[] } | undefined {
  for (const delimiter of [',', ';', '\t']) {
    const names = firstLine.split(delimiter).map((n) => n.trim().replace(/^"|"$/g, '').toLowerCase().replace(/[\s_-]+/g, ''));
    const columns = names.map((n) => HEADERS[n]);
    const single = names.length === 1 && columns[0] !== undefined;
    if ((names.length > 1 && columns.some(Boolean)) || single) return { delimiter, columns };
  }
  return undefined;
}

function parseCsv(text: string, delimiter: string, columns: (Column | undefined)[], out: Collector): void {
  if (!columns.includes('url')) {
    const line = text.split(/\r?\n/).findIndex((l) => !isComment(l)) + 1;
    out.skipped.push({ line, reason: 'the header has no url, website, domain or link column' });
    return;
  }
  const rows: { line: number; cells: string[] }[] = [];
  parse(text, {
    delimiter,
    bom: true,
    comment: '#',
    comment_no_infix: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_records_with_error: true,
    // A broken quote swallows the rest of the file: say so instead of failing the import.
    on_skip: (error) => {
      const after = rows.at(-1)?.line ?? 0;
      out.skipped.push({ line: after + 1, reason: `unreadable CSV from here on (${error?.message.split(':')[0] ?? 'parse error'})` });
    },
    on_record: (record: string[], context) => {
      rows.push({ line: context.lines, cells: record });
      return record;
    },
  });
  for (const { line, cells } of rows.slice(1)) {
    const get = (kind: Column) => columns.flatMap((c, i) => (c === kind && clean(cells[i]) ? [clean(cells[i])!] : []));
    if (cells.every((c) => !c.trim())) continue;
    const address = [...get('address'), ...get('city')].join(', ') || undefined;
    out.add(line, get('url')[0] ?? '', { title: get('name')[0], phone: get('phone')[0], address });
  }
}

function parseLines(text: string, out: Collector): void {
  text.replace(/^\uFEFF/, '').split(/\r?\n/).forEach((raw, index) => {
    if (isComment(raw)) return;
    // "acme.com  Acme Plumbing": the first word is the URL, the rest (if any) the name.
    const [url, ...rest] = raw.trim().split(/\s+/);
    out.add(index + 1, url, { title: clean(rest.join(' ')) });
  });
}

/** Reads a lead list (CSV with a header row, or one URL/domain per line). Never throws. */
export function parseLeadList(text: string): LeadList {
  const out = new Collector();
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((line) => !isComment(line));
  if (first === undefined) return { hits: [], skipped: [] };
  const header = detectHeader(first);
  if (header) parseCsv(text, header.delimiter, header.columns, out);
  else parseLines(text, out);
  out.skipped.sort((a, b) => a.line - b.line);
  return { hits: out.hits, skipped: out.skipped };
}

export class ListSearch implements SearchProvider {
  readonly id = 'list' as const;
  readonly service = undefined;
  readonly hits: SearchHit[];
  readonly skipped: SkippedLine[];

  constructor(text: string) {
    ({ hits: this.hits, skipped: this.skipped } = parseLeadList(text));
  }

  static async fromFile(path: string): Promise<ListSearch> {
    return new ListSearch(await readFile(path, 'utf8'));
  }

  /** The list is the result: the query text is ignored, the hits are paged through. */
  async search(request: SearchRequest): Promise<SearchPage> {
    const size = Math.max(1, Math.floor(request.pageSize));
    const start = Math.max(0, Math.floor(request.page)) * size;
    const hits = this.hits.slice(start, start + size).map((hit) => ({ ...hit }));
    return { hits, hasMore: start + size < this.hits.length };
  }
}

/** An absolute http(s) URL from a search answer, or undefined (no guessing for API data). */
export function httpUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const url = new URL(raw.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the first hit per hostname (a business with two listings is one lead). */
export function dedupeByHost(hits: SearchHit[]): SearchHit[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const key = hostKey(hit.url);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
