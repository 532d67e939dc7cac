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

export function leadCsvLine(lead: Lead, issues: string[]): string {
  return csvLine(LEAD_CSV_COLUMNS.map((column) => (column === 'technical_issues' ? issues.join('; ') : lead[column])));
}

export interface CsvPage {
  leads: Lead[];
  issues: Map<number, string[]>;
}

/**
 * Streams the header and then each page as it is read. The first page is read before the
 * stream is returned, so a failing query is an error for the caller, not a cut-off file.
 */
export async function leadCsvStream(pages: AsyncIterator<CsvPage>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const render = (page: CsvPage) => page.leads.map((lead) => leadCsvLine(lead, page.issues.get(lead.id) ?? [])).join('');
  const first = await pages.next();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(leadCsvHeader() + (first.done ? '' : render(first.value))));
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(render(next.value)));
    },
    async cancel() {
      await pages.return?.();
    },
  });
}
