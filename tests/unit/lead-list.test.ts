import { describe, expect, it } from 'vitest';
import { parseLeadList } from '../../src/providers/search/list.ts';

describe('parseLeadList: CSV', () => {
  it('reads a CRM export with Website/Company/Phone/Address/City headers in any case', () => {
    const csv = [
      'Company Name,WEBSITE,Phone Number,Address,City,Notes',
      '"Acme Plumbing, LLC",acme.example,(512) 555-0100,1 Main St,Austin,"called once"',
      'Bolt Electric,https://bolt.example/home,,,,',
    ].join('\r\n');
    expect(parseLeadList(csv)).toEqual({
      hits: [
        { title: 'Acme Plumbing, LLC', url: 'https://acme.example/', phone: '(512) 555-0100', address: '1 Main St, Austin' },
        { title: 'Bolt Electric', url: 'https://bolt.example/home' },
      ],
      skipped: [],
    });
  });

  it('accepts url/domain/link/business/title headers, semicolons and a BOM', () => {
    const csv = '\uFEFFbusiness;domain\nCedar Dental;cedar.example\n';
    expect(parseLeadList(csv).hits).toEqual([{ title: 'Cedar Dental', url: 'https://cedar.example/' }]);
    expect(parseLeadList('title,link\nDune Cafe,http://dune.example\n').hits).toEqual([{ title: 'Dune Cafe', url: 'http://dune.example/' }]);
    expect(parseLeadList('url\nfern.example\n').hits).toEqual([{ title: 'fern.example', url: 'https://fern.example/' }]);
  });

  it('reports rows it cannot use, by line, and removes duplicate hosts', () => {
    const csv = [
      'name,website',
      'A,a.example',
      'B,',
      'C,mailto:c@c.example',
      'D,www.a.example/contact',
      '# a comment row',
      'E,ftp://e.example',
      'F,https://f.example/#contact',
    ].join('\n');
    const { hits, skipped } = parseLeadList(csv);
    expect(hits.map((h) => h.url)).toEqual(['https://a.example/', 'https://f.example/#contact']);
    expect(skipped).toEqual([
      { line: 3, reason: 'no website URL' },
      { line: 4, reason: 'not an http(s) URL (mailto:)' },
      { line: 5, reason: 'duplicate of line 2 (a.example)' },
      { line: 7, reason: 'not an http(s) URL (ftp:)' },
    ]);
  });

  it('does not break on formula-looking cells and never turns one into a lead', () => {
    const csv = [
      'name,website,phone',
      '=HYPERLINK("https://evil.example";"click"),good.example,+1 512 555 0100',
      '@SUM(1+1),=HYPERLINK("https://evil.example"),-2',
      'Tab,"\tjavascript:alert(1)",',
    ].join('\n');
    const { hits, skipped } = parseLeadList(csv);
    // The formula text is kept as plain text; CSV exports neutralise it when written out.
    expect(hits).toEqual([{ title: '=HYPERLINK("https://evil.example";"click")', url: 'https://good.example/', phone: '+1 512 555 0100' }]);
    expect(skipped.map((s) => s.line)).toEqual([3, 4]);
  });

  it('says when the header has no URL column', () => {
    expect(parseLeadList('name,phone\nAcme,555\n')).toEqual({
      hits: [],
      skipped: [{ line: 1, reason: 'the header has no url, website, domain or link column' }],
    });
  });

  it('keeps the rows before a broken quote and reports the rest', () => {
    const { hits, skipped } = parseLeadList('name,website\nA,a.example\n"B,b.example\nC,c.example\n');
    expect(hits.map((h) => h.title)).toEqual(['A']);
    expect(skipped).toHaveLength(1);
    expect(skipped[0].line).toBe(3);
    expect(skipped[0].reason).toMatch(/unreadable CSV/);
  });
});

describe('parseLeadList: plain text', () => {
  it('reads one URL or domain per line, skipping comments and blank lines', () => {
    const text = ['# leads from the trade fair', '', 'acme.example', 'https://Bolt.example/about ', 'http://cedar.example:8080/', '   ', 'dune.example  Dune Cafe'].join('\n');
    expect(parseLeadList(text)).toEqual({
      hits: [
        { title: 'acme.example', url: 'https://acme.example/' },
        { title: 'bolt.example', url: 'https://bolt.example/about' },
        { title: 'cedar.example', url: 'http://cedar.example:8080/' },
        { title: 'Dune Cafe', url: 'https://dune.example/' },
      ],
      skipped: [],
    });
  });

  it('reports junk, other schemes and duplicates with their line numbers', () => {
    const text = ['acme.example', 'Joe Plumbing', 'javascript:alert(1)', 'WWW.ACME.EXAMPLE', 'localhost', 'https://user:pw@x.example', 'not_a_domain'].join('\n');
    const { hits, skipped } = parseLeadList(text);
    expect(hits).toHaveLength(1);
    expect(skipped).toEqual([
      { line: 2, reason: 'not a URL or domain' },
      { line: 3, reason: 'not an http(s) URL (javascript:)' },
      { line: 4, reason: 'duplicate of line 1 (acme.example)' },
      { line: 5, reason: 'not a URL or domain' },
      { line: 6, reason: 'URL contains credentials' },
      { line: 7, reason: 'not a URL or domain' },
    ]);
  });

  it('returns nothing for an empty file', () => {
    expect(parseLeadList('')).toEqual({ hits: [], skipped: [] });
    expect(parseLeadList('# only a comment\n\n')).toEqual({ hits: [], skipped: [] });
  });
});
