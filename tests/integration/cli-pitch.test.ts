// `outreach pitch` as a user runs it: the compiled binary on saved pages (no audit: a saved page
// has no live site) and on a live sandbox site (a temp database, the sandbox web on free loopback
// ports, no Chromium). The preview is the draft stage's email: the body passes the claim checker
// over the findings it cites, and a site that would not be written to says why.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkClaims, sentences } from '../../src/core/drafts/claims.ts';
import type { Finding } from '../../src/core/model/analysis.ts';
import { distNotCurrent, distStale } from '../support/dist.ts';
import { freePort } from '../support/ports.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-pitch-'));
let env: Record<string, string> = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'pitch.db')}`, CHROME_PATH: '/nonexistent/chromium (no audit in this test)' };
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
const FIXTURES = join(import.meta.dirname, '../fixtures/pitch');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  const stale = distNotCurrent();
  if (stale) throw distStale(stale);
});

interface Preview {
  url: string;
  company_name: string | null;
  greeting_name: string | null;
  language: string | null;
  written: boolean;
  subject: string | null;
  body: string | null;
  held: boolean;
  hold_reason: string | null;
  cited: { finding: string; sentence: string; evidence: string; value: number | null; quote?: string; quotes?: string[] }[];
  quality: number | null;
  quality_parts: { name: string; weight: number; passed: boolean; note: string }[];
  audit: { measured: boolean; reason: string | null };
}

const KEYS = ['url', 'company_name', 'greeting_name', 'language', 'site_language', 'writer', 'audit', 'written', 'subject', 'body', 'held', 'hold_reason', 'cited', 'removed', 'quality', 'quality_parts'];

function parse(stdout: string): Preview {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1); // one object
  const p = JSON.parse(lines[0]) as Preview;
  expect(Object.keys(p).sort()).toEqual([...KEYS].sort());
  return p;
}

/** A written preview: every cited sentence is in the email and states its finding; the body passes the claim checker. */
function expectWritten(p: Preview): void {
  expect(p.written).toBe(true);
  expect(typeof p.subject).toBe('string');
  expect(typeof p.body).toBe('string');
  expect(p.body).not.toMatch(/\/r\/[A-Za-z0-9_-]{10,}/); // no report page: there is no lead
  expect(p.cited.length).toBeGreaterThan(0);
  // A finding's quotes (the page's own words) are what let the email quote them.
  const findings: Finding[] = p.cited.map((c) => ({ id: c.finding as Finding['id'], claim: '', evidence: c.evidence, url: p.url, confidence: 0.9, value: c.value, ...(c.quote && { quote: c.quote }), ...(c.quotes && { quotes: c.quotes }) }));
  const lines = [p.subject!, ...sentences(p.body!)];
  for (const c of p.cited) {
    expect(lines).toContain(c.sentence);
    expect(c.evidence.length).toBeGreaterThan(5);
  }
  // Every number said is a cited finding's measured value.
  const check = checkClaims({ subject: p.subject!, body: p.body! }, findings, { companyName: p.company_name ?? undefined, contactName: p.greeting_name, url: p.url });
  expect(check.problems).toEqual([]);
  expect([...check.stated].sort()).toEqual(p.cited.map((c) => c.finding).sort());
  expect(p.quality).toBeGreaterThan(0);
  expect(p.quality).toBeLessThanOrEqual(1);
  expect(p.quality_parts.length).toBeGreaterThan(3);
  for (const part of p.quality_parts) expect(Object.keys(part).sort()).toEqual(['name', 'note', 'passed', 'weight']);
  expect(p.held).toBe(p.hold_reason !== null);
}

describe('outreach pitch --html FILE --url URL', () => {
  it("prints the email the draft stage would write for a plumber's saved page, as one JSON object", async () => {
    const run = await outreach('pitch', '--html', join(FIXTURES, 'plumber.html'), '--url', 'http://kowalskiplumbing.example/', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    const p = parse(run.stdout);
    expect(p).toMatchObject({ url: 'http://kowalskiplumbing.example/', company_name: 'Kowalski Plumbing & Heating', greeting_name: null, language: 'en-US', held: false, hold_reason: null });
    expect(p.audit).toEqual({ measured: false, reason: 'not audited: a saved page has no live site to measure' });
    expectWritten(p);
    // Plain http and no phone layout are what this page proves.
    expect(p.cited.map((c) => c.finding).sort()).toEqual(['no_ssl', 'no_viewport']);
    expect(p.cited.find((c) => c.finding === 'no_ssl')!.evidence).toMatch(/plain http/);
    expect(p.body).toContain('Kowalski Plumbing & Heating');
    expect(p.body).not.toMatch(/kowalskiplumbing\.example/); // never the hostname for a name
  });

  it('prints it as a person reads an email, without colour when stdout is no terminal', async () => {
    const json = parse((await outreach('pitch', '--html', join(FIXTURES, 'plumber.html'), '--url', 'http://kowalskiplumbing.example/', '--json')).stdout);
    const run = await outreach('pitch', '--html', join(FIXTURES, 'plumber.html'), '--url', 'http://kowalskiplumbing.example/');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('\x1b[');
    expect(run.stdout).toContain(`Subject: ${json.subject}`);
    expect(run.stdout).toContain(json.body!);
    expect(run.stdout).toContain('Cited:');
    for (const c of json.cited) expect(run.stdout).toContain(`evidence: ${c.evidence}`);
    expect(run.stdout).toMatch(new RegExp(`^Quality: ${Math.round(json.quality! * 100)}%`, 'm'));
  });

  it('does not write to a web design agency, and says why', async () => {
    const run = await outreach('pitch', '--html', join(FIXTURES, 'agency.html'), '--url', 'https://brightline.example/', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    const p = parse(run.stdout);
    expect(p).toMatchObject({ written: false, held: true, subject: null, body: null, cited: [], quality: null, quality_parts: [] });
    expect(p.hold_reason).toMatch(/^the site is itself a web or marketing agency \(".+"\): it is not pitched web work$/);
    const text = await outreach('pitch', '--html', join(FIXTURES, 'agency.html'), '--url', 'https://brightline.example/');
    expect(text.stdout).toContain(`Not written: ${p.hold_reason}`);
    expect(text.stdout).not.toContain('Subject:');
  });

  it('does not write English to a Japanese site, and says why', async () => {
    const p = parse((await outreach('pitch', '--html', join(FIXTURES, 'japanese.html'), '--url', 'https://yamada-seikotsu.example/', '--json')).stdout);
    expect(p).toMatchObject({ written: false, held: true, language: 'ja', body: null });
    expect(p.hold_reason).toBe('the site is in Japanese; the offline writer cannot write Japanese: configure the AI writer or write it yourself');
  });

  it("says \"Not secure\" where the florist's customers click \"Cart\", and quotes the template's caption its gallery still shows", async () => {
    const run = await outreach('pitch', '--html', join(FIXTURES, 'florist.html'), '--url', 'http://maplelaneflorist.example/', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    const p = parse(run.stdout);
    expectWritten(p);
    expect(p.cited.map((c) => c.finding)).toEqual(['no_ssl', 'template_text']);
    expect(p.body).toContain('click "Cart"');
    expect(p.body).toContain('"Caption goes here"');
    expect(p.cited.find((c) => c.finding === 'template_text')!.evidence).toBe('the home page\'s visible text reads "Caption goes here"');
  });

  it("leads with the two numbers a real tattoo studio's home page gives for one studio, quoted as written", async () => {
    const page = join(import.meta.dirname, '../fixtures/realweb-shared/pages/023.html');
    const run = await outreach('pitch', '--html', page, '--url', 'http://mysticimagestattoo.com/', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    const p = parse(run.stdout);
    expectWritten(p);
    expect(p.cited[0]).toMatchObject({ finding: 'phone_mismatch', quote: 'Noblesville', quotes: ['317-214-7116', '(317) 214-7166'] });
    expect(p.body).toContain('two phone numbers for "Noblesville" that differ in one digit: "317-214-7116" and "(317) 214-7166"');
  });

  it("says, beside \"Not secure\", that a real orthodontist's home page has no title, with what the crawl saw", async () => {
    const page = join(import.meta.dirname, '../fixtures/realweb-shared/pages/036.html');
    const p = parse((await outreach('pitch', '--html', page, '--url', 'http://loster.pl/', '--json')).stdout);
    expectWritten(p);
    expect(p.language).toBe('pl');
    expect(p.cited.map((c) => c.finding)).toEqual(['no_ssl', 'no_title']);
    expect(p.cited[1].evidence).toBe('the home page has no <title> element');
    expect(p.body).toContain('Strona główna nie ma tytułu');
  });


  it("names a real builder as its page writes it (ROBAU, not the logo's \"robau\") and quotes its placeholder title", async () => {
    const page = join(import.meta.dirname, '../fixtures/realweb/drafts3/pages/349.html');
    const p = parse((await outreach('pitch', '--html', page, '--url', 'http://robau.com.pl/', '--json')).stdout);
    expectWritten(p);
    expect(p).toMatchObject({ company_name: 'ROBAU', language: 'pl' });
    expect(p.cited.map((c) => c.finding)).toEqual(['no_ssl', 'no_title']);
    expect(p.cited[1]).toMatchObject({ quote: 'Document', evidence: 'the home page\'s <title> is "Document", the placeholder an editor or a starter kit gives a new page' });
    expect(p.body).toContain('Tytuł strony głównej to tylko „Document”');
  });
  it('greets the physiotherapist a real practice introduces and writes from ("Meet Georgia", georgia@), and a German dental practice by its article', async () => {
    const physio = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts3/pages/305.html'), '--url', 'http://gfphysio.com.au/', '--json')).stdout);
    expectWritten(physio);
    expect(physio).toMatchObject({ company_name: 'GF Physio', greeting_name: 'Georgia' });
    expect(physio.body!.startsWith('Hi Georgia,')).toBe(true);
    const dentist = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts3/pages/321.html'), '--url', 'http://zahnarztpraxis-froemming.com/', '--json')).stdout);
    expectWritten(dentist);
    expect(dentist.language).toBe('de');
    expect(dentist.body).toContain('die Website der Zahnarztpraxis Bodenheimer Frömming');
    expect(dentist.body).toContain('Ihre Patienten');
  });

  it('leads with a contact link that reaches no one (a florist\'s email link with two @ signs, a joinery\'s phone link dialling "+49XYZ") and with news that stopped in 2019', async () => {
    const florist = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts4/pages/400.html'), '--url', 'http://asteeleflowers.com/', '--json')).stdout);
    expectWritten(florist);
    expect(florist.cited[0]).toMatchObject({ finding: 'bad_email_link', quote: 'amandapetal@petal1@btinternet.com' });
    expect(florist.subject).toBe('The email link on the Amanda Steele Flowers website');
    expect(florist.body).toContain('The email link on your website goes to "amandapetal@petal1@btinternet.com", which is not a valid email address');
    const joinery = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts3/pages/328.html'), '--url', 'http://noelroehrig.github.io/schreinereiroehrig.github.io/', '--json')).stdout);
    expectWritten(joinery);
    expect(joinery.cited[0]).toMatchObject({ finding: 'bad_phone_link', quote: 'Tel.: 09123 456789', quotes: ['+49XYZ'] });
    expect(joinery.body).toContain('Der Telefon-Link „Tel.: 09123 456789“ auf Ihrer Website wählt „+49XYZ“');
    const accountant = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts3/pages/342.html'), '--url', 'http://ircontabilidade.com.br/', '--json')).stdout);
    expectWritten(accountant);
    expect(accountant.cited.map((c) => c.finding)).toEqual(['no_ssl', 'stale_dates']);
    expect(accountant.body).toContain('A data mais recente na sua página inicial é de 2019');
  });

  it('says as code the PHP a shop\'s server shows instead of running, and greets by title the one doctor a practice presents and the owner a studio is named for', async () => {
    const shop = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts3/pages/341.html'), '--url', 'http://majoca.pl/', '--json')).stdout);
    expectWritten(shop);
    expect(shop.cited.map((c) => c.finding)).toEqual(['form_not_secure', 'template_text']);
    expect(shop.body).toContain("Na stronie głównej widać kod programu jako zwykły tekst: „$mailer->CharSet = 'utf8';”.");
    const cardiology = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts5/pages/505.html'), '--url', 'http://curiousleo.github.io/kardiopraxis/', '--json')).stdout);
    expectWritten(cardiology);
    expect(cardiology).toMatchObject({ company_name: 'Kardiopraxis Gaggenau', greeting_name: 'Dr. Tilman Markert' });
    expect(cardiology.body!.startsWith('Guten Tag Herr Dr. Markert,')).toBe(true);
    // A beauty studio named for its owner: she is greeted as German greets a woman it names.
    const studio = parse((await outreach('pitch', '--html', join(import.meta.dirname, '../fixtures/realweb/drafts4/pages/424.html'), '--url', 'http://www.cosmetic-rv.de/', '--json')).stdout);
    expectWritten(studio);
    expect(studio).toMatchObject({ company_name: 'Cosmetic Studio Nada Bartl', greeting_name: 'Nada Bartl' });
    expect(studio.body!.startsWith('Guten Tag Frau Bartl,')).toBe(true);
  });

  it('holds a Swiss page too short to read rather than write to it in English, and says why', async () => {
    const p = parse((await outreach('pitch', '--html', join(FIXTURES, 'physio-bern.html'), '--url', 'http://www.physio-aare.ch/', '--json')).stdout);
    expect(p).toMatchObject({ written: false, held: true, body: null });
    expect(p.hold_reason).toBe("the site's language could not be read from its text, and a business in Switzerland writes German, French or Italian, not English: write it yourself");
  });

  it.concurrent.for<[string[], RegExp]>([
    [['--html', join(dir, 'missing.html'), '--url', 'https://a.example/'], /^error: cannot read .*missing\.html: no such file$/],
    [['--html', join(FIXTURES, 'plumber.html')], /^error: --html needs --url/],
    [['--html', join(FIXTURES, 'plumber.html'), '--url', 'not a url'], /^error: "not a url" is not a website address/],
    [['ftp://kowalskiplumbing.example/'], /^error: only http and https sites can be analysed/],
    [[], /^error: say which site to preview a pitch for/],
  ])('refuses %j with one line on stderr and exit code 1', async ([args, message], { expect }) => {
    const run = await outreach('pitch', ...args, '--json');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});

interface Truth {
  url: string;
  reachable: boolean;
  fault: string;
  robots: { disallowed: string[] };
  has_ssl: boolean;
  has_contact_form: boolean;
}

describe('outreach pitch <url> on the sandbox web', () => {
  let sites: Truth[] = [];

  beforeAll(async () => {
    env = { ...env, OUTREACH_SANDBOX_PORT: String(await freePort()), OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()) };
    const fast = await outreach('settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false');
    expect(fast.exitCode, fast.stderr).toBe(0);
    sites = (await outreach('sandbox', 'list', '--json')).stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Truth);
  });

  it('crawls a live site like the pipeline, says the audit could not run here, and prints the preview', async () => {
    const candidates = sites.filter((s) => s.reachable && s.fault === 'none' && s.robots.disallowed.length === 0 && !s.has_ssl);
    expect(candidates.length).toBeGreaterThan(0);
    // A plain-http site always has something provable to say (no https); the first that is written to.
    let written: Preview | undefined;
    for (const site of candidates.slice(0, 4)) {
      const run = await outreach('pitch', site.url, '--json');
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stderr).toContain(`Crawling ${site.url}`);
      const p = parse(run.stdout);
      expect(p.url).toBe(site.url);
      expect(p.audit.measured).toBe(false); // no Chromium on this host
      expect(p.audit.reason).toMatch(/Chromium/);
      if (p.written) {
        written = p;
        break;
      }
      expect(p.hold_reason).toMatch(/\S/);
    }
    expect(written, 'one of the plain-http sandbox sites is written to').toBeDefined();
    expectWritten(written!);
    // "Not secure": said of the site, or of its contact form where the crawl found one.
    expect(written!.cited.map((c) => c.finding).filter((f) => f === 'no_ssl' || f === 'form_not_secure')).toHaveLength(1);
  });

  it("says what Google announced Chrome will do of a site whose https the crawl tried and saw fail, where the note has room beside who writes", async () => {
    const candidates = sites.filter((s) => s.reachable && s.fault === 'none' && s.robots.disallowed.length === 0 && !s.has_ssl && !s.has_contact_form);
    let told: Preview | undefined;
    for (const site of candidates.slice(0, 6)) {
      const p = parse((await outreach('pitch', site.url, '--json')).stdout);
      // A note about "Not secure" alone has room for the news; a longer one keeps the sender's line instead.
      if (p.written && p.cited.length === 1 && p.cited[0].finding === 'no_ssl') {
        told = p;
        break;
      }
    }
    expect(told, 'a plain-http sandbox site whose note is about "Not secure" alone').toBeDefined();
    expectWritten(told!);
    expect(told!.cited[0].evidence).toMatch(/and https:\/\/\S+ failed/);
    expect(told!.body).toContain('Google has also announced that Chrome will show a warning before it first opens a site without https.');
    // Up to six crawls of sandbox sites, one after another: more than one pitch's time.
  }, 120_000);

  it('stops at an address it may not fetch, with the crawler\'s reason', async () => {
    const closed = await outreach('pitch', `http://nothing.localhost:${await freePort()}/`, '--json');
    expect(closed.exitCode).toBe(1);
    expect(closed.stdout).toBe('');
    expect(closed.stderr.split('\n').at(-1)).toMatch(/^error: could not crawl .*: refusing to fetch .*the sandbox web is served on ports/);
  });
});
