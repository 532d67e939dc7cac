// Reading a lead list the operator brings: a CSV export from a CRM or a spreadsheet (a header
// row naming the url/website/domain column, optionally name, email, contact, phone, address,
// city), or a text file with one URL or domain per line. It streams: rows come out as the bytes
// come in, so a 100,000-row file never sits in memory whole.
//
// A row that cannot be used is skipped with its reason ("line 17: 'htp:/x' is not a web
// address"); a file that cannot be read as a list at all (not UTF-8 text, a header without a URL
// column, a quote never closed, a row longer than any real one) stops with a ListFileError that
// names the line.
import { CsvError, parse, type Options } from 'csv-parse';
import { Readable } from 'node:stream';
import { DomainError } from '../errors.ts';
import { acceptEmail } from '../pipeline/contacts/email-rules.ts';
import { hasCredentials, normaliseHostname } from '../pipeline/store.ts';

/** The row limit of one cell or line: no real lead row is longer. */
export const MAX_ROW_CHARS = 65_536;

export class ListFileError extends DomainError {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super('invalid', `line ${line}: ${problem}`);
    this.name = 'ListFileError';
  }
}

export interface ListRow {
  line: number;
  url: string;
  hostname: string;
  name?: string;
  email?: string;
  contactName?: string;
  phone?: string;
  address?: string;
  city?: string;
}

export type ListItem =
  | { kind: 'row'; row: ListRow; note?: string }
  | { kind: 'skip'; line: number; reason: string };

type Column = 'url' | 'name' | 'email' | 'contact' | 'phone' | 'address' | 'city';

// Header names are compared lower-cased with spaces, dashes and underscores removed.
const HEADERS: Record<string, Column> = {
  url: 'url', website: 'url', websiteurl: 'url', web: 'url', domain: 'url', link: 'url', homepage: 'url', site: 'url',
  name: 'name', business: 'name', businessname: 'name', company: 'name', companyname: 'name', title: 'name', organisation: 'name', organization: 'name',
  email: 'email', emailaddress: 'email', mail: 'email', contactemail: 'email',
  contact: 'contact', contactname: 'contact', owner: 'contact', person: 'contact',
  phone: 'phone', phonenumber: 'phone', telephone: 'phone', tel: 'phone',
  address: 'address', streetaddress: 'address', city: 'city', town: 'city',
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
    // No scheme ("acme.example", "redrockroofing.example:4200"): http first, as a browser's
    // address bar does. A site that uses https redirects there (the crawl follows and records it);
    // guessing https failed on every site served on plain http, an odd port most of all.
    url = new URL(hasScheme ? text : `http://${text.replace(/^\/\//, '')}`);
  } catch {
    return { reason: 'not a URL or domain' };
  }
  if (hasCredentials(url)) return { reason: 'URL contains credentials' };
  const host = url.hostname.toLowerCase();
  const ipv6 = host.startsWith('[');
  const ok = DOMAIN.test(host) || ipv6 || (IPV4.test(host) && hasScheme) || ((host === 'localhost' || host.endsWith('.localhost')) && hasScheme);
  return ok ? { url } : { reason: 'not a URL or domain' };
}

/** Untrusted text quoted in a message: one line, at most 80 characters. */
export const quoted = (text: string) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return `'${one.length > 80 ? `${one.slice(0, 79)}…` : one}'`;
};

function clean(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 500) : undefined;
}

/** Why a URL may not be crawled (the SSRF rules that need no DNS), or null. */
export type TargetCheck = (url: URL) => string | null;

export interface ReadOptions {
  /** The crawler's address rules: a row naming a private or loopback address is skipped. */
  target: TargetCheck;
  /** Told once the first line has shown which kind of file this is. */
  onFormat?: (format: 'csv' | 'lines') => void;
}

interface Fields {
  url: string;
  name?: string;
  email?: string;
  contactName?: string;
  phone?: string;
  address?: string;
  city?: string;
}

/** One row on its own (Add lead): the same checks as a row of a file. */
export const checkRow = (line: number, fields: Fields, options: ReadOptions): ListItem => judge(line, fields, new Map(), options);

/** One row judged: the item to emit (duplicates within the file are the caller's `seen`). */
function judge(line: number, f: Fields, seen: Map<string, number>, options: ReadOptions, shown = f.url): ListItem {
  const result = normaliseUrl(f.url);
  if ('reason' in result) {
    if (result.reason === 'no website URL') return { kind: 'skip', line, reason: 'no web address' };
    const why = result.reason === 'not a URL or domain' ? '' : ` (${result.reason})`;
    return { kind: 'skip', line, reason: `${quoted(shown)} is not a web address${why}` };
  }
  const blocked = options.target(result.url);
  if (blocked) return { kind: 'skip', line, reason: `${quoted(f.url)} is not a public web address (${blocked})` };
  const hostname = normaliseHostname(result.url.href)!;
  const first = seen.get(hostname);
  if (first !== undefined) return { kind: 'skip', line, reason: `${hostname} is already on line ${first}` };
  seen.set(hostname, line);
  const row: ListRow = { line, url: result.url.href, hostname };
  for (const key of ['name', 'contactName', 'phone', 'address', 'city'] as const) if (f[key]) row[key] = f[key];
  let note: string | undefined;
  if (f.email) {
    const email = acceptEmail(f.email);
    if (email) row.email = email;
    else note = `${quoted(f.email)} is not an email address a person reads: the row is kept without it`;
  }
  return note ? { kind: 'row', row, note } : { kind: 'row', row };
}

const isComment = (line: string) => {
  const t = line.trim();
  return t === '' || t.startsWith('#');
};

/** A header row: the delimiter it uses and which columns it names, or undefined. */
function detectHeader(firstLine: string): { delimiter: string; columns: (Column | undefined)[] } | undefined {
  for (const delimiter of [',', ';', '\t']) {
    const names = firstLine.split(delimiter).map((n) => n.trim().replace(/^"|"$/g, '').toLowerCase().replace(/[\s_-]+/g, ''));
    const columns = names.map((n) => HEADERS[n]);
    const single = names.length === 1 && columns[0] !== undefined;
    if ((names.length > 1 && columns.some(Boolean)) || single) return { delimiter, columns };
  }
  return undefined;
}

/**
 * The bytes as text, chunk by chunk; counts lines so a decoding problem can name its line.
 * Invalid UTF-8 and NUL bytes (a spreadsheet's binary format, an image) stop the read.
 */
async function* textOf(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let line = 1;
  const say = (text: string) => {
    const nul = text.indexOf('\0');
    if (nul >= 0) throw new ListFileError(line + count(text.slice(0, nul)), 'this is not a text file (save it as CSV or plain text)');
    line += count(text);
    return text;
  };
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      yield say(chunk);
      continue;
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      // The line of the first byte that is not UTF-8: count the lines of this chunk before it.
      const loose = new TextDecoder().decode(chunk);
      const bad = Math.max(0, loose.indexOf('\uFFFD'));
      throw new ListFileError(line + count(loose.slice(0, bad)), 'this is not UTF-8 text (save the file as "CSV UTF-8" or plain text)');
    }
    if (text) yield say(text);
  }
  try {
    const rest = decoder.decode();
    if (rest) yield say(rest);
  } catch {
    throw new ListFileError(line, 'the file ends in the middle of a character (not UTF-8 text)');
  }
}

function count(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Splits text chunks into lines (1-based numbers), refusing a line longer than any real row. */
async function* linesOf(chunks: AsyncIterable<string>): AsyncGenerator<{ line: number; text: string }> {
  let carry = '';
  let line = 0;
  for await (const chunk of chunks) {
    const parts = (carry + chunk).split('\n');
    carry = parts.pop()!;
    for (const text of parts) yield { line: ++line, text: text.replace(/\r$/, '') };
    if (carry.length > MAX_ROW_CHARS) throw new ListFileError(line + 1, `a line longer than ${MAX_ROW_CHARS} characters: this is not a list of web addresses`);
  }
  if (carry) yield { line: ++line, text: carry.replace(/\r$/, '') };
}

/**
 * Reads a lead list, one item per row that says something (blank lines and # comments say
 * nothing). Throws ListFileError for a file that is not a list.
 */
export async function* readLeadList(source: AsyncIterable<Uint8Array | string>, options: ReadOptions): AsyncGenerator<ListItem> {
  const text = textOf(source);
  // The first chunks up to the first line that is not blank or a comment decide the format.
  const head: string[] = [];
  let firstLine: string | undefined;
  let partial = ''; // the line the chunks so far end inside
  let before = 0; // comment and blank lines before it
  for (;;) {
    const next = await text.next();
    if (next.done) break;
    head.push(next.value);
    const lines = (partial + next.value).split(/\r?\n/);
    partial = lines.pop()!;
    firstLine = lines.map((l) => l.replace(/^\uFEFF/, '')).find((l) => !isComment(l));
    if (firstLine !== undefined) break;
    before += lines.length;
    if (partial.length > MAX_ROW_CHARS) throw new ListFileError(before + 1, `a line longer than ${MAX_ROW_CHARS} characters: this is not a list of web addresses`);
  }
  if (firstLine === undefined && !isComment(partial)) firstLine = partial.replace(/^\uFEFF/, '');
  if (firstLine === undefined) return;
  async function* all(): AsyncGenerator<string> {
    yield* head;
    yield* text;
  }
  const header = detectHeader(firstLine);
  options.onFormat?.(header ? 'csv' : 'lines');
  const seen = new Map<string, number>();
  if (header) yield* readCsv(all(), header, seen, options);
  else yield* readLines(all(), seen, options);
}

async function* readLines(chunks: AsyncIterable<string>, seen: Map<string, number>, options: ReadOptions): AsyncGenerator<ListItem> {
  for await (const { line, text } of linesOf(chunks)) {
    const raw = line === 1 ? text.replace(/^\uFEFF/, '') : text;
    if (isComment(raw)) continue;
    // "acme.com  Acme Plumbing": the first word is the URL, the rest (if any) the name.
    const [url, ...rest] = raw.trim().split(/\s+/);
    yield judge(line, { url, name: clean(rest.join(' ')) }, seen, options, raw);
  }
}

async function* readCsv(
  chunks: AsyncIterable<string>,
  header: { delimiter: string; columns: (Column | undefined)[] },
  seen: Map<string, number>,
  options: ReadOptions,
): AsyncGenerator<ListItem> {
  const { delimiter, columns } = header;
  // The last whole record, seen as it is parsed: an unclosed quote starts on the line after it.
  let lastRecordLine = 0;
  const parser = Readable.from(chunks).pipe(
    parse({
      delimiter,
      bom: true,
      comment: '#',
      comment_no_infix: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // A quote inside a cell that does not start with one is text (=HYPERLINK("…")).
      relax_quotes: true,
      max_record_size: MAX_ROW_CHARS,
      info: true,
      // With `info`, each record arrives as { record, info }.
      on_record: ((record: { info: { lines: number } }) => {
        lastRecordLine = record.info.lines;
        return record;
      }) as unknown as Options['on_record'],
    }),
  );
  let first = true;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (first) {
        first = false;
        if (!columns.includes('url')) throw new ListFileError(info.lines, 'the header names no url, website, domain or link column');
        continue;
      }
      if (record.every((c) => !c.trim())) continue;
      const get = (kind: Column) => {
        const i = columns.indexOf(kind);
        return i >= 0 ? clean(record[i]) : undefined;
      };
      yield judge(info.lines, { url: get('url') ?? '', name: get('name'), email: get('email'), contactName: get('contact'), phone: get('phone'), address: get('address'), city: get('city') }, seen, options);
    }
  } catch (error) {
    throw csvProblem(error, lastRecordLine);
  } finally {
    parser.destroy();
  }
}

/** csv-parse's errors in the operator's words, with the line. */
function csvProblem(error: unknown, lastRecordLine: number): unknown {
  if (error instanceof DomainError) return error;
  const e = error as { code?: string; lines?: number; message?: string };
  const line = e.lines ?? 1;
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new ListFileError(lastRecordLine + 1, 'a quote (") opened in this row is never closed');
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new ListFileError(line, 'a quote (") is closed in the middle of a cell');
    case 'CSV_MAX_RECORD_SIZE':
      return new ListFileError(line, `a row longer than ${MAX_ROW_CHARS} characters: this is not a list of web addresses`);
    default:
      return error instanceof CsvError ? new ListFileError(line, `the CSV cannot be read (${e.message?.split(':')[0] ?? e.code})`) : error;
  }
}
