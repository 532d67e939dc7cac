// CSV export of leads: RFC 4180 (CRLF, quotes doubled, quoted when needed), one header
// row, and formula-safe cells: spreadsheet programs run a cell starting with = + - @ tab
// or CR as a formula, so such a cell gets a leading apostrophe (crawled text is untrusted).
import type { Lead } from '../model/lead.ts';

export const LEAD_CSV_COLUMNS = [
  'id', 'company_name', 'title', 'url', 'contact_email', 'contact_name', 'phone_number', 'address', 'city', 'status',
  'business_category', 'priority', 'market_opportunity_score', 'urgency_score', 'website_quality_score', 'discovered_at',
  'campaign_id', 'technical_issues',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: unknown[]): string => values.map(csvCell).join(',') + '\r\n';

export const leadCsvHeader = (): string => csvLine([...LEAD_CSV_COLUMNS]);

/** One exported lead: just the columns of the file (the export reads no more than these). */
export type LeadCsvRecord = Pick<Lead, Exclude<(typeof LEAD_CSV_COLUMNS)[number], 'technical_issues'>> & { technical_issues: string[] };

export function leadCsvLine(record: LeadCsvRecord): string {
  return csvLine(LEAD_CSV_COLUMNS.map((column) => (column === 'technical_issues' ? record.technical_issues.join('; ') : record[column])));
}

/**
 * Streams the header and then each batch as it is read. The stream pulls the next batch only
 * when its reader wants more (an HTTP response or stdout that drains), so memory holds about
 * one batch whatever the export's size. The first batch is read before the stream is
 * returned, so a failing query is an error for the caller, not a cut-off file.
 */
export async function leadCsvStream(batches: AsyncIterator<LeadCsvRecord[]>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const render = (batch: LeadCsvRecord[]) => batch.map(leadCsvLine).join('');
  const first = await batches.next();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(leadCsvHeader() + (first.done ? '' : render(first.value))));
        if (first.done) controller.close();
      },
      async pull(controller) {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(render(next.value)));
      },
      async cancel() {
        await batches.return?.();
      },
    },
    { highWaterMark: 0 }, // read a batch only on demand: nothing is buffered ahead of the reader
  );
}
