// Reading the operator's lead list (src/core/leads/list-file.ts): CSV with a header or one web
// address per line, the reason for every skipped row, a broken file stopped with its line, and
// a 100,000-row file streamed in seconds with bounded memory.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readLeadList, type ListItem } from '../../src/core/leads/list-file.ts';
import { chooseContact, type Contacts } from '../../src/core/pipeline/contacts/find-contacts.ts';

const publicOnly = (url: URL) => (url.hostname === 'localhost' || /^(10|127)\./.test(url.hostname) ? 'private address' : null);

async function* chunks(text: string, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  // Small chunks: a line, a quoted cell or a UTF-8 character split across reads must not matter.
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

async function read(text: string) {
  const items: ListItem[] = [];
  for await (const item of readLeadList(chunks(text), { target: publicOnly })) items.push(item);
  return {
    rows: items.flatMap((i) => (i.kind === 'row' ? [i.row] : [])),
    skipped: items.flatMap((i) => (i.kind === 'skip' ? [{ line: i.line, reason: i.reason }] : [])),
    notes: items.flatMap((i) => (i.kind === 'row' && i.note ? [{ line: i.row.line, note: i.note }] : [])),
  };
}

const failure = (text: string) => read(text).then(() => 'no error', (e: Error) => e.message);

describe('a CSV lead list', () => {
  it('reads a CRM export whatever the header case, with name, email, contact, phone, address and city', async () => {
    const csv = [
      'Company Name,WEBSITE,E-mail,Contact,Phone Number,Address,City,Notes',
      '"Acme Plumbing, LLC",acme.example,Maria@Acme.example,Maria Lopez,(512) 555-0100,1 Main St,Austin,"called once"',
      'Bolt Electric,https://bolt.example/home,,,,,,',
      'Café Ünïcode,cafe.example,,,,,Zürich,',
    ].join('\r\n');
    const { rows, skipped } = await read(csv);
    expect(skipped).toEqual([]);
    expect(rows).toEqual([
      { line: 2, url: 'http://acme.example/', hostname: 'acme.example', name: 'Acme Plumbing, LLC', email: 'maria@acme.example', contactName: 'Maria Lopez', phone: '(512) 555-0100', address: '1 Main St', city: 'Austin' },
      { line: 3, url: 'https://bolt.example/home', hostname: 'bolt.example', name: 'Bolt Electric' },
      { line: 4, url: 'http://cafe.example/', hostname: 'cafe.example', name: 'Café Ünïcode', city: 'Zürich' },
    ]);
  });

  it('accepts semicolons, tabs and a BOM', async () => {
    expect((await read('\uFEFFbusiness;domain\nCedar Dental;cedar.example\n')).rows).toEqual([{ line: 2, url: 'http://cedar.example/', hostname: 'cedar.example', name: 'Cedar Dental' }]);
    expect((await read('name\twebsite\nDune\thttp://dune.example\n')).rows[0].url).toBe('http://dune.example/');
  });

  it('skips the rows it cannot use with the reason per line, and keeps going', async () => {
    const csv = [
      'name,website,email',
      'A,a.example,',
      'B,,',
      'C,mailto:c@c.example,',
      'D,www.a.example/contact,',
      '# a comment row',
      'E,ftp://e.example,',
      'F,htp:/x,',
      'G,http://10.1.2.3/,',
      'H,https://user:pw@h.example/,',
      'I,i.example,not an email',
      'J,https://j.example/#contact,j@gmail.com',
    ].join('\n');
    const { rows, skipped, notes } = await read(csv);
    expect(rows.map((r) => [r.line, r.url, r.email])).toEqual([
      [2, 'http://a.example/', undefined],
      [11, 'http://i.example/', undefined],
      [12, 'https://j.example/#contact', 'j@gmail.com'],
    ]);
    expect(skipped).toEqual([
      { line: 3, reason: 'no web address' },
      { line: 4, reason: "'mailto:c@c.example' is not a web address (not an http(s) URL (mailto:))" },
      { line: 5, reason: 'a.example is already on line 2' },
      { line: 7, reason: "'ftp://e.example' is not a web address (not an http(s) URL (ftp:))" },
      { line: 8, reason: "'htp:/x' is not a web address (not an http(s) URL (htp:))" },
      { line: 9, reason: "'http://10.1.2.3/' is not a public web address (private address)" },
      { line: 10, reason: "'https://user:pw@h.example/' is not a web address (URL contains credentials)" },
    ]);
    expect(notes).toEqual([{ line: 11, note: "'not an email' is not an email address a person reads: the row is kept without it" }]);
  });

  it('keeps formula-looking cells as text and never makes one a lead', async () => {
    const csv = ['name,website,phone', '=HYPERLINK("https://evil.example";"click"),good.example,+1 512 555 0100', '@SUM(1+1),=HYPERLINK("https://evil.example"),-2', 'Tab,"\tjavascript:alert(1)",'].join('\n');
    const { rows, skipped } = await read(csv);
    expect(rows).toEqual([{ line: 2, url: 'http://good.example/', hostname: 'good.example', name: '=HYPERLINK("https://evil.example";"click")', phone: '+1 512 555 0100' }]);
    expect(skipped.map((s) => s.line)).toEqual([3, 4]);
  });

  it('stops a file that is not a list with an error naming the line', async () => {
    expect(await failure('name,phone\nAcme,555\n')).toBe('line 1: the header names no url, website, domain or link column');
    expect(await failure('name,website\nA,a.example\nB,b.example\n"C,c.example\nD,d.example\n')).toBe('line 4: a quote (") opened in this row is never closed');
    expect(await failure(`url\n${'x'.repeat(70_000)}.example\n`)).toMatch(/^line 2: a row longer than 65536 characters/);
    expect(await failure('a.example\nb.example\n\u0000\u0001PK')).toBe('line 3: this is not a text file (save it as CSV or plain text)');
  });

  it('refuses bytes that are not UTF-8, naming the line', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('url\na.example\nCaf'), 0xe9, ...new TextEncoder().encode('.example\n')]);
    const error = await (async () => {
      for await (const _ of readLeadList((async function* () { yield bytes; })(), { target: publicOnly })) void _;
    })().then(() => 'no error', (e: Error) => e.message);
    expect(error).toBe('line 3: this is not UTF-8 text (save the file as "CSV UTF-8" or plain text)');
  });
});

describe('a plain list', () => {
  it('reads one URL or domain per line, the rest of the line as the name, skipping comments and blanks', async () => {
    const text = ['# leads from the trade fair', '', 'acme.example', 'https://Bolt.example/about ', 'http://cedar.example:8080/', '   ', 'dune.example  Dune Cafe'].join('\n');
    expect((await read(text)).rows).toEqual([
      { line: 3, url: 'http://acme.example/', hostname: 'acme.example' },
      { line: 4, url: 'https://bolt.example/about', hostname: 'bolt.example' },
      { line: 5, url: 'http://cedar.example:8080/', hostname: 'cedar.example' },
      { line: 7, url: 'http://dune.example/', hostname: 'dune.example', name: 'Dune Cafe' },
    ]);
  });

  it('tries an address without a scheme as http, its port kept (an https guess failed on plain-http sites)', async () => {
    const text = ['redrockroofing.example:4200', 'redrockroofing2.example:4200/contact Red Rock Two', 'https://secure.example:8443/'].join('\n');
    expect((await read(text)).rows).toEqual([
      { line: 1, url: 'http://redrockroofing.example:4200/', hostname: 'redrockroofing.example' },
      { line: 2, url: 'http://redrockroofing2.example:4200/contact', hostname: 'redrockroofing2.example', name: 'Red Rock Two' },
      { line: 3, url: 'https://secure.example:8443/', hostname: 'secure.example' },
    ]);
    const csv = await read('name,website\nRed Rock Roofing,redrockroofing.example:4200\n');
    expect(csv.rows).toEqual([{ line: 2, url: 'http://redrockroofing.example:4200/', hostname: 'redrockroofing.example', name: 'Red Rock Roofing' }]);
  });

  it('reports junk, other schemes, loopback and duplicates with their line numbers', async () => {
    const text = ['acme.example', 'Joe Plumbing', 'javascript:alert(1)', 'WWW.ACME.EXAMPLE', 'localhost', 'http://localhost:8080/', 'not_a_domain'].join('\n');
    const { rows, skipped } = await read(text);
    expect(rows).toHaveLength(1);
    expect(skipped).toEqual([
      { line: 2, reason: "'Joe Plumbing' is not a web address" },
      { line: 3, reason: "'javascript:alert(1)' is not a web address (not an http(s) URL (javascript:))" },
      { line: 4, reason: 'acme.example is already on line 1' },
      { line: 5, reason: "'localhost' is not a web address" },
      { line: 6, reason: "'http://localhost:8080/' is not a public web address (private address)" },
      { line: 7, reason: "'not_a_domain' is not a web address" },
    ]);
  });

  it('reads past any number of comment lines before the first address', async () => {
    const comments = Array.from({ length: 5000 }, (_, i) => `# note ${i}: ${'x'.repeat(20)}`).join('\n');
    expect((await read(`${comments}\nacme.example\n`)).rows).toEqual([{ line: 5001, url: 'http://acme.example/', hostname: 'acme.example' }]);
    expect((await read(`${comments}\nurl,name\nacme.example,Acme\n`)).rows).toEqual([{ line: 5002, url: 'http://acme.example/', hostname: 'acme.example', name: 'Acme' }]);
    expect(await failure(`# a\n# b\n${'y'.repeat(70_000)}`)).toMatch(/^line 3: a line longer than 65536 characters/);
  });

  it('gives nothing for an empty file', async () => {
    expect((await read('')).rows).toEqual([]);
    expect((await read('# only a comment\n\n')).rows).toEqual([]);
  });
});

describe('a 100,000-row list', () => {
  it('streams through in seconds with memory bounded by the unique hostnames, not the file', async () => {
    const ROWS = 100_000;
    // Generated as it is read: the file never exists whole, in the test either.
    async function* file(): AsyncGenerator<Uint8Array> {
      const encoder = new TextEncoder();
      yield encoder.encode('Company,Website,Email,Phone,City\n');
      for (let start = 0; start < ROWS; start += 1000) {
        let block = '';
        for (let i = start; i < start + 1000; i++) {
          block += i % 1000 === 999 ? `Broken ${i},htp:/x${i},,,\n` : `"Business ${i}, Inc",https://business-${i}.example/,owner${i}@business-${i}.example,+1 512 555 ${String(i).padStart(6, '0')},Austin\n`;
        }
        yield encoder.encode(block);
      }
    }
    // What the reader keeps, not the garbage it has made: measured after a full collection.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const retained = () => (gc(), process.memoryUsage().heapUsed);
    const before = retained();
    let peak = before;
    const started = performance.now();
    let rows = 0;
    let skipped = 0;
    let lastLine = 0;
    for await (const item of readLeadList(file(), { target: publicOnly })) {
      if (item.kind === 'row') {
        rows++;
        lastLine = item.row.line;
      } else skipped++;
      if ((rows + skipped) % 20_000 === 0) peak = Math.max(peak, retained());
    }
    const seconds = (performance.now() - started) / 1000;
    expect(rows).toBe(99_900);
    expect(skipped).toBe(100);
    expect(lastLine).toBe(ROWS); // line 100,001 is the last row and it is a broken one: 100,000 is the last good
    // The file is ~12 MB of text (24 MB as a JS string, more as parsed rows); the reader keeps
    // only the hostnames seen (for duplicates within the file) and the chunks in flight.
    const grownMb = (peak - before) / 1048576;
    console.log(`100,000 rows: ${seconds.toFixed(2)} s, at most ${grownMb.toFixed(1)} MB retained`);
    expect(seconds).toBeLessThan(10);
    expect(grownMb).toBeLessThan(16);
  }, 30_000);
});

describe('the contact: the list’s address or the site’s', () => {
  const site = (primary?: string, contactName?: string): Contacts => ({ emails: primary ? [primary] : [], ...(primary && { primary }), ...(contactName && { contactName }), sources: {}, credits: [] });
  const host = 'lopezplumbing.com';

  it('keeps the list’s address when the site shows none, or the same one', () => {
    expect(chooseContact('maria@gmail.com', site(), host)).toEqual({ email: 'maria@gmail.com', source: 'list' });
    expect(chooseContact('info@lopezplumbing.com', site('info@lopezplumbing.com'), host)).toEqual({ email: 'info@lopezplumbing.com', source: 'list' });
  });

  it('keeps a list address on the site’s own domain over anything the site shows', () => {
    expect(chooseContact('jane@lopezplumbing.com', site('info@lopezplumbing.com'), host)).toEqual({ email: 'jane@lopezplumbing.com', source: 'list' });
  });

  it('gives way when the list has a free-mail box or another domain and the site its own address', () => {
    expect(chooseContact('maria@gmail.com', site('info@lopezplumbing.com'), host)).toEqual({ email: 'info@lopezplumbing.com', source: 'site' });
    expect(chooseContact('sales@leadvendor.io', site('maria.lopez@gmail.com'), host)).toEqual({ email: 'maria.lopez@gmail.com', source: 'site' });
  });

  it('is the site’s when the list has none', () => {
    expect(chooseContact(null, site('info@lopezplumbing.com'), host)).toEqual({ email: 'info@lopezplumbing.com', source: 'site' });
    expect(chooseContact(null, site(), host)).toEqual({ email: null, source: null });
  });
});
