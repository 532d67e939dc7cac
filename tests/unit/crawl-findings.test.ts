// The measured findings of the crawl, as pure rules: copyright years (ranges, founding years,
// scripts that write the year), old software versions, certificate bands, broken links and
// images by status code, the "Not secure" evidence and the search-position wording.
import { describe, expect, it } from 'vitest';
import type { CrawlResult, LinkCheck } from '../../src/core/model/crawl.ts';
import {
  brokenResourceFindings,
  certificateBand,
  certificateFinding,
  notSecureEvidence,
  ordinal,
  searchPositionFinding,
  searchQueryText,
} from '../../src/core/pipeline/analyze/crawl-findings.ts';
import { copyrightNotices, outdatedSoftwareFinding, pandemicNoticeFinding, staleCopyrightFinding, staleDatesFinding } from '../../src/core/pipeline/analyze/staleness.ts';
import { pitchFindings } from '../../src/core/drafts/pitch.ts';
import { CREDITED_CONFIDENCE, EMAIL_LOCALES, type Finding } from '../../src/core/model/analysis.ts';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { phrasebook, spelling } from '../../src/providers/ai/heuristic/phrases/index.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { crawlOfPage, everyRealPage } from '../support/realweb.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const URL_ = 'https://smith-plumbing.example/';

describe('stale copyright year', () => {
  const stale = (text: string, html = '') => staleCopyrightFinding(text, html, URL_, NOW);

  it('quotes a year three or more years old', () => {
    const f = stale('Home\nCall us today\n© 2016 Smith Plumbing. All rights reserved.');
    expect(f).toMatchObject({ id: 'stale_copyright', value: 2016, claim: 'The footer still says "© 2016 Smith Plumbing"' });
    expect(f!.evidence).toContain('10 years before 2026');
    expect(stale('Copyright 2023 Smith Plumbing')?.value).toBe(2023);
    expect(stale('(c) 2019 Smith')?.value).toBe(2019);
  });

  it('says nothing for a recent year, a range ending now or a future year', () => {
    expect(stale('© 2025 Smith Plumbing')).toBeUndefined();
    expect(stale('© 2024 Smith Plumbing')).toBeUndefined();
    expect(stale('© 2012–2026 Smith Plumbing')).toBeUndefined();
    expect(stale('Copyright © 2012 - 2025 Smith')).toBeUndefined();
    expect(stale('© 2030 Smith')).toBeUndefined();
  });

  it('takes the end of a stale range, and the latest of several notices', () => {
    expect(stale('© 2012-2018 Smith Plumbing')).toMatchObject({ value: 2018 });
    expect(stale('© 2015 Smith\n© 2026 Web design by Someone')).toBeUndefined();
  });

  it('ignores founding years and pages without a notice', () => {
    expect(stale('Family run since 1998. Est. 1998.')).toBeUndefined();
    expect(stale('© since 1998 Smith Plumbing')).toBeUndefined();
    expect(stale('Serving Denver since 2016')).toBeUndefined();
    expect(copyrightNotices('Established 1998, proudly local')).toEqual([]);
    expect(stale('© {{.Now "2006"}} Stone\'s Family Restaurant')).toBeUndefined(); // a template never filled in
  });

  it("marks a year only a web designer's credit shows, which no email is about", () => {
    const credit = stale('HC Instal Henryk Cieśla\nWebsite by © Aleksander Cieśla - 2018')!;
    expect(credit).toMatchObject({ id: 'stale_copyright', value: 2018, confidence: CREDITED_CONFIDENCE });
    expect(credit.evidence).toMatch(/^the home page's web designer's credit reads "© Aleksander Cieśla - 2018"/);
    expect(copyrightNotices('Realizacja: © Studio X 2015')[0]).toMatchObject({ year: 2015, credit: true });
    // Words that only end like a credit's are the business's own notice.
    expect(copyrightNotices('Handmade © 2015 Smith Pottery')[0]).toMatchObject({ credit: false });
    expect(copyrightNotices('Our website © 2015 Smith Plumbing')[0]).toMatchObject({ credit: false });
    // The business's own old notice beside a credit of the same year is quoted, at full confidence.
    expect(stale('© 2018 HC Instal\nDesigned by © Agency 2018')).toMatchObject({ confidence: 0.9, claim: 'The footer still says "© 2018 HC Instal"' });
    // The fact is kept; the pitch leaves it out, and with nothing else there is nothing to write.
    const noSsl = { id: 'no_ssl' as const, claim: 'No SSL', evidence: 'http', url: URL_, confidence: 1, value: null };
    expect(pitchFindings([noSsl, credit], 'Electrician', NOW).map((f) => f.id)).toEqual(['no_ssl']);
    expect(pitchFindings([noSsl, stale('© 2018 HC Instal')!], 'Electrician', NOW).map((f) => f.id)).toEqual(['no_ssl', 'stale_copyright']);
  });

  it('quotes the notice up to "All rights reserved" or the designer credit', () => {
    expect(copyrightNotices('© 2015, Shawnee Dentist Richard M. Dervin, DDS. All rights reserved.')[0].quote).toBe('© 2015, Shawnee Dentist Richard M. Dervin, DDS');
    expect(copyrightNotices('© 2019 Temptation Beauty. Designed by Someone')[0].quote).toBe('© 2019 Temptation Beauty');
    expect(copyrightNotices('© 2000–2013 Maple Leaf Roofing Co.\nHome')[0].quote).toBe('© 2000–2013 Maple Leaf Roofing Co.');
  });

  it('says nothing when a script on the page writes the year', () => {
    expect(stale('© 2016 Smith', '<span id="y">2016</span><script>y.textContent = new Date().getFullYear()</script>')).toBeUndefined();
  });
});

describe('a home page whose dates are all years old', () => {
  const dated = (text: string) => staleDatesFinding(text, URL_, NOW);
  // An accounting firm's news, stuck in August 2019 (tests/fixtures/realweb/drafts3, page 342).
  const news = 'Notícias\n14/08/2019 - Reforma tributária avança\n13/08/2019 - Refis\n12/08/2019 - Novo prazo\n23/08/2019 - 6ª Feira';

  it('says the year of the latest of three or more whole dates, in any of the ways pages write them', () => {
    expect(dated(news)).toMatchObject({ id: 'stale_dates', value: 2019, claim: 'The latest dates on the home page are from 2019' });
    expect(dated(news)!.evidence).toBe('the home page shows 4 dates, none later than 2019 ("14/08/2019", "13/08/2019", "12/08/2019"), 7 years before 2026; no later year is on the page');
    expect(dated('2013-10-21 18:08 by Anna\n2013-07-21 20:11 by Tom\n2012-07-28 10:31 by Ewa')?.value).toBe(2013);
    expect(dated('News\nMarch 3, 2017: new hours\n14 August 2016: open day\n5. Mai 2016: Urlaub')?.value).toBe(2017);
    expect(dated('Aktualności\n05.06.2015\n24.02.2015\n3 listopada 2014')?.value).toBe(2015);
  });

  it('says nothing of fewer dates, recent ones, or a page that shows a later year anywhere', () => {
    expect(dated('14/08/2019 - Reforma\n13/08/2019 - Refis')).toBeUndefined();
    expect(dated('14/08/2024\n13/08/2024\n12/08/2024')).toBeUndefined();
    expect(dated(`${news}\n© 2025 IR Contabilidade`)).toBeUndefined();
    // Numbers that only look like dates: a phone number, a version, a price.
    expect(dated('Tel. 12.08.2019.5\nv1.2.2019\nPart 3/4/2019-2\n14/08/2019 - Reforma\n13/08/2019 - Refis')).toBeUndefined();
  });

  it('backs a point, in every language, said as its year, and stands in for an old copyright year', async () => {
    const noSsl = { id: 'no_ssl' as const, claim: 'No SSL', evidence: 'http', url: URL_, confidence: 1, value: null };
    const copyright = staleCopyrightFinding('© 2019 IR Contabilidade', '', URL_, NOW)!;
    const findings = pitchFindings([noSsl, copyright, dated(news)!], 'Accounting', NOW);
    expect(findings.map((f) => f.id)).toEqual(['no_ssl', 'stale_dates']);
    expect(pitchFindings([dated(news)!], 'Accounting', NOW)).toEqual([]);
    const ai = new HeuristicAi();
    for (const locale of EMAIL_LOCALES) {
      const { value: email } = await ai.writeEmail({ company_name: 'IR Contabilidade', url: URL_, business_summary: '', findings, locale, sender_name: 'Sam', signature: 'Sam', audience: 'clients' });
      const check = checkClaims(email, findings, { companyName: 'IR Contabilidade', url: URL_, signature: 'Sam' });
      expect(email.body, locale).toContain('2019');
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated.sort(), locale).toEqual(['no_ssl', 'stale_dates']);
    }
  });
});

describe('a notice from the pandemic', () => {
  const notice = (text: string) => pandemicNoticeFinding(text, URL_);

  it('quotes the sentence that still gives a pandemic rule or notice, in the eight languages', () => {
    // A physiotherapy practice's home page (tests/fixtures/realweb/drafts5, page 522).
    expect(notice('Aktuelles\nBitte tragen Sie zum Betreten der Praxis und während der Behandlung eine FFP2-Maske. Vielen Dank!')).toMatchObject({
      id: 'pandemic_notice',
      quote: 'Bitte tragen Sie zum Betreten der Praxis und während der Behandlung eine FFP2-Maske.',
      evidence: 'the home page\'s visible text reads "Bitte tragen Sie zum Betreten der Praxis und während der Behandlung eine FFP2-Maske."',
    });
    expect(notice('Due to the constantly evolving situation, please call to check current opening hours and COVID restrictions.')?.quote).toBe('Due to the constantly evolving situation, please call to check current opening hours and COVID restrictions.');
    for (const line of ['Masks are required in the office.', 'Le port du masque est obligatoire.', 'Uso obligatorio de mascarilla en la clínica.', 'Obbligo di mascherina in studio.', 'Houd 1,5 meter afstand.', 'W związku z pandemią gabinet jest zamknięty.', 'Uso obrigatório de máscara.']) {
      expect(notice(line), line).toMatchObject({ id: 'pandemic_notice', quote: line });
    }
  });

  it('says nothing of the words alone: a vaccination offered, a mask as a product', () => {
    expect(notice('We offer COVID-19 vaccinations and flu shots for all ages.')).toBeUndefined();
    expect(notice('Face masks and facials: our spa treatments.')).toBeUndefined();
    expect(notice('Corona-Impfung in unserer Praxis.')).toBeUndefined();
  });

  it('is found on the two real pages that still show one, and on no other', () => {
    const found = everyRealPage().filter((page) => extractFacts(crawlOfPage(page), NOW).findings.some((f) => f.id === 'pandemic_notice'));
    expect(found.map((p) => p.id)).toEqual(['014', '522']);
  });

  it('backs a point in every language, quoted, instead of an old copyright year, and is never an email alone', async () => {
    const noSsl = { id: 'no_ssl' as const, claim: 'No SSL', evidence: 'http', url: URL_, confidence: 1, value: null };
    const masks = notice('Bitte tragen Sie eine FFP2-Maske.')!;
    const findings = pitchFindings([noSsl, staleCopyrightFinding('© 2019 Praxis Ackermann', '', URL_, NOW)!, masks], 'Medical', NOW);
    expect(findings.map((f) => f.id)).toEqual(['no_ssl', 'pandemic_notice']);
    expect(pitchFindings([masks], 'Medical', NOW)).toEqual([]);
    const ai = new HeuristicAi();
    for (const locale of EMAIL_LOCALES) {
      const { value: email } = await ai.writeEmail({ company_name: 'Praxis Ackermann', url: URL_, business_summary: '', findings, locale, sender_name: 'Sam', signature: 'Sam', audience: 'patients' });
      const check = checkClaims(email, findings, { companyName: 'Praxis Ackermann', url: URL_, signature: 'Sam' });
      expect(email.body, locale).toContain('Bitte tragen Sie eine FFP2-Maske.');
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated.sort(), locale).toEqual(['no_ssl', 'pandemic_notice']);
    }
  });
});

describe('outdated software', () => {
  const old = (name: string, version: string) => outdatedSoftwareFinding([{ name, version, evidence: `script src="/js/${name}-${version}.js"` }], URL_);

  it('names old versions with the version and its evidence', () => {
    const f = old('jQuery', '1.12.4');
    expect(f).toMatchObject({ id: 'outdated_software', claim: 'Outdated software: jQuery 1.12.4' });
    expect(f!.evidence).toContain('script src="/js/jQuery-1.12.4.js"');
    expect(f!.evidence).toContain('June 2016');
    expect(old('WordPress', '4.9.8')?.claim).toBe('Outdated software: WordPress 4.9.8');
    expect(old('PHP', '5.6.40')?.evidence).toContain('December 2018');
    expect(old('AngularJS', '1.7.9')).toBeDefined();
    expect(outdatedSoftwareFinding([{ name: 'Adobe Flash', version: '', evidence: "element <object type='application/x-shockwave-flash'>" }], URL_)?.claim).toBe('Outdated software: Adobe Flash');
  });

  it('says nothing without a version, or for a current one', () => {
    expect(old('jQuery', '')).toBeUndefined();
    expect(old('jQuery', '3.7.1')).toBeUndefined();
    expect(old('WordPress', '6.4.2')).toBeUndefined();
    expect(old('PHP', '8.3.1')).toBeUndefined();
    expect(old('Some CMS', '1.0')).toBeUndefined();
  });

  it('lists several in one finding', () => {
    const f = outdatedSoftwareFinding(
      [
        { name: 'jQuery', version: '1.8.3', evidence: 'a' },
        { name: 'jQuery UI', version: '1.10.4', evidence: 'b' },
        { name: 'Bootstrap', version: '5.3.0', evidence: 'c' },
      ],
      URL_,
    );
    expect(f?.claim).toBe('Outdated software: jQuery 1.8.3, jQuery UI 1.10.4');
  });

  it('reads the version Wappalyzer detects on a real page', () => {
    const html = '<!DOCTYPE html><html lang="en"><head><title>Smith Plumbing</title><meta name="generator" content="WordPress 4.9.8"></head><body><h1>Smith Plumbing</h1><p>Plumbers in Denver, open every day for repairs and installations.</p><script src="/wp-includes/js/jquery/jquery-1.12.4.min.js"></script></body></html>';
    const home = { url: URL_, finalUrl: URL_, status: 200, headers: { 'content-type': 'text/html' }, html, kind: 'home' as const };
    const facts = extractFacts({ startUrl: URL_, home, pages: [home], log: [] }, NOW);
    const f = facts.findings.find((x) => x.id === 'outdated_software');
    expect(f?.claim).toMatch(/jQuery 1\.12\.4/);
    expect(f?.claim).toMatch(/WordPress 4\.9\.8/);
    expect(f?.evidence).toContain('jquery-1.12.4.min.js');
  });
});

describe('certificate bands', () => {
  const tls = (validToIso: string, error: string | null = null) => ({ certificate: { validTo: new Date(validToIso).toUTCString(), validToIso, error } });

  it('bands expired, soon (14 days or less) and ok', () => {
    expect(certificateBand('2026-11-27T11:59:59Z', NOW)).toBe('expired');
    expect(certificateBand('2026-11-28T00:00:00Z', NOW)).toBe('soon');
    expect(certificateBand('2026-12-11T12:00:00Z', NOW)).toBe('soon'); // 14 days
    expect(certificateBand('2026-12-12T12:00:01Z', NOW)).toBe('ok'); // 15 days
    expect(certificateBand('not a date', NOW)).toBeNull();
  });

  it('quotes the end date', () => {
    const expired = certificateFinding(tls('2026-03-12T00:00:00Z', 'CERT_HAS_EXPIRED'), URL_, NOW);
    expect(expired).toMatchObject({ id: 'certificate_expired', claim: "The site's security certificate expired on 12 March 2026", value: 260 });
    expect(expired!.evidence).toContain('valid to Thu, 12 Mar 2026 00:00:00 GMT');
    expect(expired!.evidence).toContain('CERT_HAS_EXPIRED');
    const soon = certificateFinding(tls('2026-12-03T08:00:00Z'), URL_, NOW);
    expect(soon).toMatchObject({ id: 'certificate_expiring', claim: "The site's security certificate expires on 3 December 2026 (in 5 days)", value: 5 });
    expect(certificateFinding(tls('2027-06-01T00:00:00Z'), URL_, NOW)).toBeUndefined();
    expect(certificateFinding(undefined, URL_, NOW)).toBeUndefined();
  });
});

describe('broken links and images', () => {
  const check = (url: string, status: number | null, kind: LinkCheck['kind'] = 'link', sameSite = true): LinkCheck => ({ url, kind, status, from: URL_, method: 'HEAD', sameSite });

  it('counts 404, 410 and 5xx with their URLs and status codes, never an unanswered link', () => {
    const found = brokenResourceFindings(
      [check(`${URL_}gone`, 404), check(`${URL_}old`, 500), check('https://elsewhere.example/', 410, 'link', false), check(`${URL_}ok`, 200), check(`${URL_}slow`, null), check(`${URL_}private`, 403), check(`${URL_}logo.png`, 410, 'image'), check(`${URL_}gone`, 404)],
      URL_,
    );
    expect(found.map((f) => [f.id, f.claim, f.value])).toEqual([
      ['broken_links', '3 broken links (HTTP 404, 410, 500)', 3],
      ['broken_images', '1 broken image (HTTP 410)', 1],
    ]);
    expect(found[0].evidence).toContain('smith-plumbing.example/gone answered 404 (on smith-plumbing.example/)');
    expect(found[0].evidence).not.toContain('slow');
  });

  it('words internal 404s as the ground truth does', () => {
    expect(brokenResourceFindings([check(`${URL_}contact`, 404), check(`${URL_}about`, 404)], URL_)[0].claim).toBe('2 broken internal links (HTTP 404)');
    expect(brokenResourceFindings([check(`${URL_}ok`, 200), check(`${URL_}t`, null)], URL_)).toEqual([]);
  });
});

describe('"Not secure"', () => {
  it('is proven only when the crawl saw https fail or send visitors back to http', () => {
    const http = 'http://smith-plumbing.example/';
    expect(notSecureEvidence({ httpsProbe: { url: 'https://smith-plumbing.example/', outcome: 'failed', detail: 'ECONNREFUSED' } }, http)).toEqual({
      detail: 'the site was served over http (http://smith-plumbing.example/) and https://smith-plumbing.example/ failed (ECONNREFUSED)',
      confident: true,
    });
    expect(notSecureEvidence({ httpsProbe: { url: 'https://smith-plumbing.example/', outcome: 'redirects_to_http', detail: http } }, http)?.confident).toBe(true);
    expect(notSecureEvidence({ httpsProbe: { url: 'https://smith-plumbing.example/', outcome: 'not_checked' } }, http)?.confident).toBe(false);
    expect(notSecureEvidence({ httpsProbe: { url: 'https://smith-plumbing.example/', outcome: 'ok', status: 200 } }, http)).toBeUndefined();
    expect(notSecureEvidence(undefined, URL_)).toBeUndefined();
  });

  it('drops the no-SSL claim when https answers after all', () => {
    const http = 'http://smith-plumbing.example/';
    const html = '<!DOCTYPE html><html lang="en"><head><title>Smith</title><meta name="viewport" content="width=device-width"></head><body><p>Plumbers in Denver.</p></body></html>';
    const home = { url: http, finalUrl: http, status: 200, headers: { 'content-type': 'text/html' }, html, kind: 'home' as const };
    const crawl = (outcome: 'ok' | 'failed'): CrawlResult => ({ startUrl: http, home, pages: [home], log: [], tls: { httpsProbe: { url: 'https://smith-plumbing.example/', outcome } } });
    expect(extractFacts(crawl('ok'), NOW).findings.map((f) => f.id)).not.toContain('no_ssl');
    expect(extractFacts(crawl('failed'), NOW).findings.find((f) => f.id === 'no_ssl')).toMatchObject({ confidence: 1, evidence: expect.stringContaining('https://smith-plumbing.example/ failed') });
  });

  it("says what Google announced Chrome will do only of a site whose https itself fails, in every language, and only in a first email", async () => {
    const http = 'http://smith-plumbing.example/';
    const html = '<!DOCTYPE html><html lang="en"><head><title>Smith</title><meta name="viewport" content="width=device-width"></head><body><p>Plumbers in Denver.</p></body></html>';
    const home = { url: http, finalUrl: http, status: 200, headers: { 'content-type': 'text/html' }, html, kind: 'home' as const };
    const tried = extractFacts({ startUrl: http, home, pages: [home], log: [], tls: { httpsProbe: { url: 'https://smith-plumbing.example/', outcome: 'failed' } } }, NOW).findings.find((f) => f.id === 'no_ssl')!;
    // A saved page: nobody tried https, so the site may have it at another address.
    const untried = extractFacts({ startUrl: http, home, pages: [home], log: [] }, NOW).findings.find((f) => f.id === 'no_ssl')!;
    expect(tried.whole).toBe(true);
    expect(untried.whole).toBeUndefined();
    const ai = new HeuristicAi();
    for (const locale of EMAIL_LOCALES) {
      const brief = (f: Finding) => ({ company_name: 'Smith Plumbing', url: http, industry: 'Plumbing', business_summary: 'A plumber.', findings: [f], locale, sender_name: 'Sam', signature: 'Sam' });
      const news = phrasebook(locale).news.no_ssl!.map(spelling(locale));
      const told = (await ai.writeEmail(brief(tried))).value;
      expect(news.some((line) => told.body.includes(line)), `${locale}: ${told.body}`).toBe(true);
      expect(checkClaims(told, [tried], { companyName: 'Smith Plumbing', url: http, signature: 'Sam' }).problems, locale).toEqual([]);
      expect((await ai.writeEmail(brief(untried))).value.body, locale).not.toContain('Google');
      // The follow-up that finds it still there says the problem again, not the news.
      const again = (await ai.writeFollowUp({ ...brief(tried), step: 2, steps: 3, earlier: [{ subject: told.subject, body: told.body }], remeasured: true })).value;
      expect(again.body, locale).not.toContain('Google');
    }
  });
});

describe('search position', () => {
  it('says where the site came up, only below the top 3 and only for a search', () => {
    expect(ordinal(1)).toBe('1st');
    expect(ordinal(2)).toBe('2nd');
    expect(ordinal(3)).toBe('3rd');
    expect(ordinal(11)).toBe('11th');
    expect(ordinal(14)).toBe('14th');
    expect(ordinal(22)).toBe('22nd');
    expect(ordinal(113)).toBe('113th');
    const q = searchQueryText('plumbers', 'Denver');
    expect(searchPositionFinding(14, q, URL_, 'serpapi')).toMatchObject({ id: 'search_position', claim: 'Came up 14th for "plumbers in Denver"', value: 14 });
    expect(searchPositionFinding(3, q, URL_, 'serpapi')).toBeUndefined();
    expect(searchPositionFinding(1, q, URL_, 'serpapi')).toBeUndefined();
    expect(searchPositionFinding(4, q, URL_, 'list')).toBeUndefined();
    expect(searchPositionFinding(null, q, URL_, 'serpapi')).toBeUndefined();
    expect(searchPositionFinding(9, null, URL_, 'serpapi')).toBeUndefined();
    expect(searchQueryText('plumbers', null)).toBe('plumbers');
  });
});
