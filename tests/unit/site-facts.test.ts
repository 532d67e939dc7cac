// The analyser against the sandbox web's ground truth (all sites of the default seed, crawled
// without a network as the polite crawler would), plus focused cases for each rule.
import { describe, expect, it } from 'vitest';
import type { CrawledPage, CrawlResult } from '../../src/core/model/crawl.ts';
import type { SiteFacts } from '../../src/core/model/analysis.ts';
import { fillFromListing, nameFromListing } from '../../src/core/pipeline/analyze/listing.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { closingNotice } from '../../src/core/pipeline/analyze/site-state.ts';
import { detectLanguage } from '../../src/core/language.ts';
import { groundTruth, type SiteTruth } from '../../src/sandbox/truth.ts';
import { sandboxCrawl, sandboxSites, Score, scoreTable } from '../support/sandbox-crawl.ts';

const digits = (s: string | null | undefined) => (s ? s.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '') : null);

const runs = sandboxSites().map((site) => {
  const truth = groundTruth(site);
  const crawl = sandboxCrawl(site);
  const started = performance.now();
  const facts = extractFacts(crawl);
  return { truth, crawl, facts, ms: performance.now() - started };
});

function measure(): Record<string, Score> {
  const s: Record<string, Score> = {};
  const score = (field: string) => (s[field] ??= new Score());
  for (const { truth: t, facts: f } of runs) {
    const label = t.slug;
    if (t.reachable) {
      const pairs: [string, unknown, unknown][] = [
        ['has_ssl', f.has_ssl, t.has_ssl],
        ['is_mobile_responsive', f.is_mobile_responsive, t.is_mobile_responsive],
        ['has_ecommerce', f.has_ecommerce, t.has_ecommerce],
        ['ecommerce_platform', f.ecommerce_platform ?? null, t.ecommerce_platform],
        ['has_online_booking', f.has_online_booking, t.has_online_booking],
        ['booking_platform', f.booking_platform ?? null, t.booking_platform],
        ['cms_platform', f.cms_platform ?? null, t.cms_platform],
        ['has_contact_form', f.has_contact_form, t.has_contact_form],
        ['has_live_chat', f.has_live_chat, t.has_live_chat],
        ['has_analytics', f.has_analytics, t.has_analytics],
        ['website_language', f.website_language ?? null, t.website_language],
        ['unoptimized_images_count', f.unoptimized_images_count, t.unoptimized_images_count],
      ];
      for (const [field, found, expected] of pairs) score(field).add(found, expected, label);
      score('technical_issues').addSet(f.technical_issues, t.issues, label);
    }
    score('phone').add(digits(f.phone), digits(t.phone), label);
    score('address').add(f.address ?? null, t.address, label);
    score('business_hours').add(f.business_hours ?? null, t.business_hours, label);
  }
  return s;
}

describe('extractFacts on the sandbox web', () => {
  const scores = measure();

  it('matches the ground truth field by field (precision and recall printed)', () => {
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const pages = runs.reduce((n, r) => n + r.crawl.pages.length, 0);
    console.log(scoreTable(`extractFacts vs ground truth, ${runs.length} sites`, scores));
    console.log(`analysis time: median ${times[times.length >> 1].toFixed(1)} ms/site, ${(times.reduce((a, b) => a + b, 0) / pages).toFixed(1)} ms/page over ${pages} pages`);
    for (const [field, s] of Object.entries(scores)) {
      expect(s.precision, `${field} precision; ${s.misses.join(' | ')}`).toBeGreaterThanOrEqual(0.95);
      expect(s.recall, `${field} recall; ${s.misses.join(' | ')}`).toBeGreaterThanOrEqual(0.95);
    }
    expect(scores.unoptimized_images_count.accuracy, scores.unoptimized_images_count.misses.join(' | ')).toBe(1);
  });

  it('words the issues of unreachable home pages like the ground truth', () => {
    // A site whose robots.txt shuts OutreachBot out is never asked for its home page.
    const unreachable = runs.filter((r) => (r.truth.fault === '500' || r.truth.fault === '404') && !r.truth.robots.disallowed.includes('/'));
    expect(unreachable.length).toBeGreaterThan(0);
    for (const { facts, truth } of unreachable) expect(facts.technical_issues).toEqual([truth.issues[0]]);
  });

  it('scores accessibility 0-100, lower for sites with more accessibility issues', () => {
    const reachable = runs.filter((r) => r.truth.reachable);
    for (const { facts } of reachable) expect(facts.accessibility_score).toSatisfy((n: number) => Number.isInteger(n) && n >= 0 && n <= 100);
    const problems = (t: SiteTruth) => Number(!t.has_lang_attribute) + Number(t.images_without_alt > 0) + Number(t.empty_links_count > 0);
    const mean = (xs: { facts: SiteFacts }[]) => xs.reduce((a, r) => a + (r.facts.accessibility_score ?? 0), 0) / xs.length;
    const clean = reachable.filter((r) => problems(r.truth) === 0);
    const messy = reachable.filter((r) => problems(r.truth) >= 2);
    expect(mean(clean)).toBeGreaterThan(mean(messy) + 10);
  });
});

const page = (html: string, extra: Partial<CrawledPage> = {}): CrawledPage => ({
  url: 'https://shop.example.org/',
  finalUrl: 'https://shop.example.org/',
  status: 200,
  headers: {},
  // A line of text: a page with nothing at all in it is a blank page, judged as broken.
  html: `${html}<p>Fresh bread every morning in Denver.</p>`,
  kind: 'home',
  ...extra,
});
const crawlOf = (home: CrawledPage, log: CrawlResult['log'] = []): CrawlResult => ({ startUrl: home.url, home, pages: [home], log });

describe('extractFacts rules', () => {
  it('counts a site that redirects to https as having SSL, and flags a plain http one', () => {
    const https = extractFacts(crawlOf(page('<html lang="en"><body>Hi</body></html>', { url: 'http://a.example.org/' })));
    expect(https.has_ssl).toBe(true);
    const http = extractFacts(crawlOf(page('<html lang="en"><body>Hi</body></html>', { url: 'http://a.example.org/', finalUrl: 'http://a.example.org/' })));
    expect(http.has_ssl).toBe(false);
    expect(http.technical_issues).toContain('No SSL certificate (site served over http)');
  });

  it('needs width=device-width in the viewport tag to call a page mobile responsive', () => {
    expect(extractFacts(crawlOf(page('<meta name="viewport" content="width=device-width, initial-scale=1">'))).is_mobile_responsive).toBe(true);
    expect(extractFacts(crawlOf(page('<meta name="viewport" content="width=1024">'))).is_mobile_responsive).toBe(false);
    // A script whose folder, not its name, says mobile is no script for phones.
    expect(extractFacts(crawlOf(page('<meta name="viewport" content="width=1024"><script src="/mobile/app.js"></script>'))).is_mobile_responsive).toBe(false);
  });

  it('does not call a site without a viewport tag unfit for phones when it has a version for phones', () => {
    expect(extractFacts(crawlOf(page('<p>Welcome</p>'))).is_mobile_responsive).toBe(false);
    // A link to the phone version (seen on a real restaurant page), an m. site, or a script that sends phones there: unknown.
    for (const body of [
      '<p><a href="test.html">Click here</a> to view our mobile version.</p>',
      '<a href="http://m.novakdental.com/">Phone</a>',
      '<script>if(screen.width < 600){\nwindow.location = "http://novakdental.com/test.html";\n}</script>',
      // A script of its own for phones, which the crawl cannot read (page 101's "SmartPhoneAnpassung.js"), even beside a fixed width.
      '<script src="js/SmartPhoneAnpassung.js"></script>',
      '<meta name="viewport" content="width=900"><script src="/js/mobile-menu.js?v=2"></script>',
      // A template's source whose head is an include the crawl never saw (page 124's "<?php include 'head.php'; ?>").
      "<?php include 'head.php'; ?>",
    ]) {
      const facts = extractFacts(crawlOf(page(body)));
      expect(facts.is_mobile_responsive, body).toBeNull();
      expect(facts.findings.map((f) => f.id), body).not.toContain('no_viewport');
    }
  });

  it('takes only a form with a message box for a contact form (not search or newsletter forms)', () => {
    const search = '<form role="search"><input name="s"></form><form action="/subscribe"><input type="email" placeholder="you@example.com"></form>';
    expect(extractFacts(crawlOf(page(search))).has_contact_form).toBe(false);
    expect(extractFacts(crawlOf(page(`${search}<form><label>Message <textarea></textarea></label></form>`))).has_contact_form).toBe(true);
  });

  it('counts images without alt text and without dimensions separately', () => {
    const html = '<img src="a.jpg" alt="A" width="10" height="10"><img src="b.jpg" alt=""><img src="c.jpg" width="5">';
    const facts = extractFacts(crawlOf(page(html)));
    expect(facts.unoptimized_images_count).toBe(2);
    expect(facts.technical_issues).toContain('1 image without alt text');
    expect(facts.technical_issues).toContain('2 unoptimized images (no width/height attributes)');
  });

  it('reads redirect hops and a slow answer from the crawl log', () => {
    const home = page('<html lang="en"><body>x</body></html>', { url: 'http://a.example.org/home', finalUrl: 'https://a.example.org/' });
    const log = [
      { url: 'http://a.example.org/home', status: 301, ms: 3, fetched_at: '', note: 'redirect to https://a.example.org/home' },
      { url: 'https://a.example.org/home', status: 301, ms: 3, fetched_at: '', note: 'redirect to https://a.example.org/' },
      { url: 'https://a.example.org/', status: 200, ms: 4200, fetched_at: '' },
    ];
    const facts = extractFacts({ startUrl: home.url, home, pages: [home], log });
    expect(facts.technical_issues).toContain('Redirect chain (2 hops) before the home page');
    expect(facts.technical_issues).toContain('Slow home page (over 3 seconds to respond)');
  });

  it('does not call a single http → https upgrade a redirect chain', () => {
    const home = page('<p>x</p>', { url: 'http://a.example.org/' });
    const log = [{ url: 'http://a.example.org/', status: 301, ms: 3, fetched_at: '', note: 'redirect to https://a.example.org/' }];
    expect(extractFacts({ startUrl: home.url, home, pages: [home], log }).technical_issues.join()).not.toMatch(/Redirect chain/);
  });

  it('prefers schema.org data for phone, address and hours', () => {
    const ld = { '@context': 'https://schema.org', '@type': 'Dentist', telephone: '(303) 555-0101', openingHours: 'Mo-Fr 08:00-17:00', address: { '@type': 'PostalAddress', streetAddress: '12 Main St, Suite 4', addressLocality: 'Denver', addressRegion: 'CO', postalCode: '80202' } };
    const facts = extractFacts(crawlOf(page(`<script type="application/ld+json">${JSON.stringify(ld)}</script><p>Call 720-555-0199</p>`)));
    expect(facts).toMatchObject({ phone: '(303) 555-0101', address: '12 Main St, Suite 4, Denver, CO 80202', business_hours: 'Mo-Fr 08:00-17:00' });
  });

  it('finds phone, address and hours in plain text when there is no structured data', () => {
    const html = '<footer><p>Visit us</p><p>450 Oak Street<br>Austin, TX 78701</p><p>Tel: <a href="tel:+15125550142">(512) 555-0142</a></p><p>Hours: Mon–Fri 8:00 AM–6:00 PM, Sat 9:00 AM–1:00 PM</p></footer>';
    const facts = extractFacts(crawlOf(page(html)));
    expect(facts).toMatchObject({ phone: '(512) 555-0142', address: '450 Oak Street, Austin, TX 78701', business_hours: 'Mon–Fri 8:00 AM–6:00 PM, Sat 9:00 AM–1:00 PM' });
  });

  it('detects the language of the text, trusting <html lang> only when the text agrees', () => {
    const es = 'Somos una empresa familiar con más de veinte años de experiencia. Ofrecemos servicios de fontanería para hogares y negocios de toda la ciudad, con presupuestos claros y atención personal.';
    expect(detectLanguage(es)).toBe('es');
    expect(detectLanguage(es, 'en-US')).toBe('es'); // a template's leftover lang="en"
    // A short Italian page with a leftover lang="en" and the loan words "bed and breakfast" (tests/fixtures/realweb/drafts3/323).
    const bb = 'bella ciao bed and breakfast bologna home dove siamo gallery prenotazioni bella ciao bed and breakfast bed and breakfast a bologna camere singole, doppie e matrimoniali a 10 minuti a piedi da Fiera e Stazione FS B&B Bella Ciao Via Giorgio Vasari, 8 40128 Bologna';
    expect(detectLanguage(bb, 'en')).toBe('it');
    expect(detectLanguage(es, 'es-MX')).toBe('es');
    expect(detectLanguage('Hola', 'es')).toBe('es'); // too little text: the attribute decides
  });

  it('places a Portuguese site that gives no country by the words it writes, Portugal\'s or Brazil\'s', () => {
    const portuguese = (words: string) =>
      extractFacts(crawlOf(page(`<html lang="pt"><body><h1>Jardim Infantil O Palhaço Azul</h1><p>O nosso jardim infantil existe desde 1985 e acolhe crianças dos 4 meses aos 6 anos, com muito carinho e dedicação.</p><p>${words}</p></body></html>`, { url: 'http://www.palhacoazul.com/', finalUrl: 'http://www.palhacoazul.com/' })));
    const european = portuguese('Berçário, Creche e Infantário. Actividades extra-curriculares.');
    expect(european.country).toBe('PT');
    expect(european.evidence.country?.detail).toMatch(/European Portuguese words on the site: "Infantário", "Actividades"/);
    expect(portuguese('Fale com a nossa equipe pelo celular. CEP 01310-100.').country).toBe('BR');
    // One side's word alone, or both sides', say nothing.
    expect(portuguese('Actividades extra-curriculares.').country).toBeUndefined();
    expect(portuguese('Infantário e Actividades. Fale com a nossa equipe.').country).toBeUndefined();
  });

  it("reads a short text without a lang attribute against the languages of the business's country", () => {
    // A Swiss physiotherapist's whole home page: franc reads it as English.
    const bern = 'Sport PhysiotherapieBern Randweg 9 3013 Bern T: 031 333 16 32 F: 031 333 16 38 ✉ E-Mail Physiotherapie Massage Rehabilitation Training Kontakt Team';
    expect(detectLanguage(bern)).toBe('en');
    expect(detectLanguage(bern, undefined, ['de', 'fr', 'it'])).toBeUndefined();
    expect(detectLanguage(bern, undefined, ['de'])).toBe('de'); // one language in the country: that one
    expect(detectLanguage(bern, undefined, ['en', 'es'])).toBe('en');
    // The navigation words decide before the country ("Home About Services Contact" on a Polish host).
    expect(detectLanguage('Home About us Services Gallery Contact Book now', undefined, ['pl'])).toBe('en');
    // A lang attribute, or enough text for franc, is read as before.
    expect(detectLanguage(bern, 'de-CH', ['de', 'fr', 'it'])).toBe('de');
  });

  it('reports nothing technical but the failure for a site whose home page failed', () => {
    const facts = extractFacts({ startUrl: 'https://gone.example.org/', pages: [], log: [{ url: 'https://gone.example.org/', status: 500, ms: 2, fetched_at: '' }], error: 'HTTP 500' });
    expect(facts).toMatchObject({ has_ssl: true, emails: [], technical_issues: ['Home page returns a server error (HTTP 500)'] });
  });

  it('says only that the site is broken when the home page is an error, parked or blank page', () => {
    const notFound = page('<title>404 Not Found</title><h1>Not Found</h1>', { status: 404 });
    const broken = extractFacts({ startUrl: notFound.url, home: notFound, pages: [notFound], log: [{ url: notFound.url, status: 404, ms: 3, fetched_at: '' }] });
    expect(broken.findings.map((f) => f.claim)).toEqual(['Home page not found (HTTP 404)']);
    expect(broken).toMatchObject({ site_state: 'not_found', is_mobile_responsive: null, has_contact_form: null, has_analytics: null, accessibility_score: null });
    const soft404 = extractFacts(crawlOf(page('<title>Page not found</title><p>Sorry.</p>')));
    expect(soft404.findings.map((f) => f.id)).toEqual(['site_broken']);
    const parked = extractFacts(crawlOf(page('<title>novakdental.com</title><h1>This domain is for sale!</h1><p>Buy this domain today.</p>')));
    expect(parked).toMatchObject({ site_state: 'parked', technical_issues: ['The domain shows a parking page instead of a website'] });
    const blank = { ...page(''), html: '<html><head><title></title></head><body></body></html>' };
    expect(extractFacts(crawlOf(blank)).technical_issues).toEqual(['The home page is blank']);
    // A page drawn by scripts is not blank to its visitors: nothing is known, nothing is claimed.
    const app = { ...page(''), html: '<html><body><div id="root"></div><script src="/app.js"></script></body></html>' };
    expect(extractFacts(crawlOf(app))).toMatchObject({ findings: [], is_mobile_responsive: null, has_analytics: null });
  });

  it('reads placeholder pages (coming soon, under construction, a registrar or host) as parked, in several languages', () => {
    for (const html of [
      '<title>Coming soon</title><h1>Our new website is under construction</h1><p>Check back later.</p>',
      '<h1>Nowa wersja strony www już wkrótce!</h1>',
      '<title>AfterMarket.pl :: domena abcspa.pl</title><p>Domena abcspa.pl została zarejestrowana w serwisie AfterMarket.pl. Zainteresowany tą domeną?</p>',
      '<title>dhosting.pl</title><p>Obecnie pod tym adresem nie znajduje się żaden serwis WWW.</p>',
      '<h1>Sitio web en construcción</h1>',
      '<h1>Unsere Website ist im Aufbau</h1>',
      '<h1>Welcome to nginx!</h1><p>If you see this page, the nginx web server is successfully installed.</p>',
    ]) {
      const facts = extractFacts(crawlOf(page(html)));
      expect(facts.site_state, html).toBe('parked');
      expect(facts.findings.map((f) => f.value), html).toEqual([null]); // not an error the server answered: never pitched
    }
    // A small real page that mentions a menu coming soon is a site.
    expect(extractFacts(crawlOf(page('<title>Rosa Café</title><h1>Rosa Café</h1><p>Open daily 8-4 on Main Street. Our new autumn menu is coming soon. Call 555 0142.</p>'))).site_state).toBe('ok');
  });

  it('reads a frameset or an instant redirect as a page that only forwards elsewhere: nothing is judged, nothing is claimed', () => {
    const frames = { ...page(''), html: '<html><head><title>activart.com.pl</title></head><frameset rows="100%,*"><frame src="http://www.podobrazia.pl/"><noframes>Twoja przeglądarka nie obsługuje ramek.</noframes></frameset></html>' };
    const redirect = { ...page(''), html: '<html><head><title>Redirecting to billies.us</title><meta http-equiv="refresh" content="0;url=http://billies.us"></head><body>If you are not redirected automatically, follow the link to billies.us</body></html>' };
    for (const home of [frames, redirect]) {
      expect(extractFacts(crawlOf(home))).toMatchObject({ site_state: 'forwards', findings: [], technical_issues: [], is_mobile_responsive: null, has_ssl: true });
    }
    // A frameset of the site's own pages (a physiotherapist's, tests/fixtures/realweb/drafts6 page 601) forwards nowhere:
    // its content is in frames the crawl did not read, so nothing is judged, and nothing is called blank.
    const own = { ...page(''), html: '<html><head><title>Physiotherapie Frankenhausen</title></head><frameset rows="127,*"><frame name="oben" src="oben.htm"><frame name="main" src="start.htm"><noframes><body><h1>Physiotherapie in Frankenhausen</h1></body></noframes></frameset></html>' };
    expect(extractFacts(crawlOf(own))).toMatchObject({ site_state: 'ok', findings: [], technical_issues: [] });
  });

  it('judges a home page that is one Flash movie, however few its words, in the language its Content-Language declares', () => {
    // A tattoo studio's real home page (tests/fixtures/realweb/drafts6, page 604): a player check script, its bio in <noscript>, the movie.
    const studio = {
      ...page(''),
      url: 'http://www.micheltattoo.example/',
      finalUrl: 'http://www.micheltattoo.example/',
      html: `<html><head><title>Tatoueur bordeaux | Michel tattoo | Salon de tatouage</title><meta name="Content-Language" content="fr"></head><body>
<script>var hasRequestedVersion = DetectFlashVer(9, 0, 0); if (!hasRequestedVersion) document.write('This content requires the Adobe Flash Player.');</script>
<noscript><p>Michel tatoue depuis 1982 et crée en 1992 le studio Michel Tattoo n' Family.</p></noscript>
<object classid="clsid:D27CDB6E-AE6D-11cf-96B8-444553540000" width="996" height="580"><param name="movie" value="bin/MichelTattoo.swf"><embed src="bin/MichelTattoo.swf" width="996" height="580"></object></body></html>`,
    };
    const facts = extractFacts(crawlOf(studio));
    expect(facts).toMatchObject({ site_state: 'ok', website_language: 'fr' });
    expect(facts.findings.find((f) => f.id === 'flash_content')).toMatchObject({ whole: true });
  });

  it('reads a business that says it is closing down for good as closing: its facts read, nothing claimed, in the eight languages', () => {
    // A cat hotel's real banner (tests/fixtures/realweb/drafts6, page 620), on a site with no https.
    const hotel = { ...page('<div class="notice">🔔 <strong>Belangrijk:</strong> Poezenhotel Féline sluit definitief na de kerstvakantie 2026.</div><h1>Welkom bij Poezenhotel Féline</h1>'), url: 'http://poezenhotel.example/', finalUrl: 'http://poezenhotel.example/' };
    expect(extractFacts(crawlOf(hotel))).toMatchObject({
      site_state: 'closing',
      findings: [],
      technical_issues: ['The home page says the business is closing down for good: "🔔 Belangrijk: Poezenhotel Féline sluit definitief na de kerstvakantie 2026."'],
    });
    for (const notice of [
      'After 30 years, we are closing our doors permanently on 31 March.',
      'Die Praxis schließt zum 30. Juni endgültig.',
      'La boutique fermera définitivement le 15 janvier.',
      'El restaurante cierra definitivamente el 31 de diciembre.',
      'Il negozio chiude definitivamente a fine mese.',
      'A loja encerra definitivamente no dia 20.',
      'Salon zostanie zamknięty na stałe z dniem 31 grudnia.',
    ]) {
      expect(closingNotice(notice), notice).toBe(notice);
    }
    // Closed on a weekday, for the holidays, or "for good" of something else is no closing down.
    for (const text of ['Closed on Sundays and bank holidays.', 'Wir haben vom 24.12. bis 6.1. geschlossen.', 'Fermeture annuelle du 1er au 15 août.', 'Our products are made to last for good.']) {
      expect(closingNotice(text), text).toBeUndefined();
    }
  });

  it("reads a business's page on a franchise network's or a portal's subdomain as another's site: nothing judged, nothing claimed", () => {
    const at = (url: string, html: string) => ({ ...page(html), url, finalUrl: url });
    const franchise = at('http://almar.partneropony.pl/', '<title>Wulkanizacja Adamów - Almar. Pułaskiego 80. Partner Opony Polska</title><h1>Almar - serwis opon</h1><p>Partner Opony Polska, Pułaskiego 80, Adamów. Tel. 501 069 761.</p>');
    expect(extractFacts(crawlOf(franchise))).toMatchObject({ site_state: 'network', findings: [], technical_issues: ["The page is on Partner Opony Polska's site (partneropony.pl), not the business's own"] });
    // The business's own shop subdomain, or a business named as its domain, is its own site.
    const own = at('http://sklep.kowalskiopony.pl/', '<title>Sklep - Kowalski Opony</title><h1>Kowalski Opony</h1><p>Opony i felgi. © 2015 Kowalski Opony</p>');
    expect(extractFacts(crawlOf(own)).site_state).toBe('ok');
    const named = at('http://almar.almaropony.pl/', '<title>Almar Opony</title><h1>Almar Opony</h1><p>© 2015 Almar Opony</p>');
    expect(extractFacts(crawlOf(named)).site_state).toBe('ok');
    // Registered under a public suffix (olsztyn.pl, like com.pl): the business's own domain.
    const regional = at('http://kosmetyczny.olsztyn.pl/', '<title>Gabinet Kosmetyczny Ewa - Olsztyn</title><h1>Gabinet Kosmetyczny Ewa</h1><p>Olsztyn, ul. Prosta 5. © 2014 Olsztyn Beauty</p>');
    expect(extractFacts(crawlOf(regional)).site_state).toBe('ok');
  });

  it('does not call a site "Not secure" from an http address on a platform that serves every site over https', () => {
    const pages = { ...page('<h1>Jane Doe Photography</h1>'), url: 'http://janedoe.github.io/', finalUrl: 'http://janedoe.github.io/' };
    const facts = extractFacts(crawlOf(pages));
    expect(facts.has_ssl).toBeNull();
    expect(facts.findings.map((f) => f.id)).not.toContain('no_ssl');
  });

  it('reads any form of the viewport tag, and proves it', () => {
    for (const tag of ['<META NAME="Viewport" CONTENT="width=device-width">', "<meta content='width = device-width; initial-scale=1.0' name='viewport'>", '<meta name="viewport" content="initial-scale=1">']) {
      const facts = extractFacts(crawlOf(page(tag)));
      expect(facts.is_mobile_responsive, tag).toBe(true);
      expect(facts.evidence.is_mobile_responsive?.detail).toMatch(/viewport/i);
    }
  });

  it('does not claim a missing form when the contact page was not read, nor missing analytics behind a tag manager, a consent manager or a builder', () => {
    expect(extractFacts(crawlOf(page('<a href="/contact-us">Contact</a>'))).has_contact_form).toBeNull();
    expect(extractFacts(crawlOf(page('<p>Call us.</p>'))).findings.map((f) => f.id)).toContain('no_contact_form');
    const gtm = extractFacts(crawlOf(page(`<script>(function(w,d,s,l,i){j.src='https://www.googletagmanager.com/gtm.js?id='+i})(window,document,'script','dataLayer','GTM-ABC123');</script>`)));
    expect(gtm).toMatchObject({ has_analytics: true, analytics: ['Google Tag Manager'] });
    const consent = extractFacts(crawlOf(page('<script src="https://consent.cookiebot.com/uc.js"></script>')));
    expect(consent.has_analytics).toBeNull();
    expect(consent.findings.map((f) => f.id)).not.toContain('no_analytics');
    const wix = extractFacts(crawlOf(page('<script src="https://static.parastorage.com/services/wix-thunderbolt/dist/main.js"></script>')));
    expect(wix).toMatchObject({ cms_platform: 'Wix', has_analytics: null, has_contact_form: null });
  });

  it('finds classic and current analytics tags written by inline snippets, with the snippet as evidence', () => {
    const classic = "<script>var _gaq = _gaq || []; _gaq.push(['_setAccount', 'UA-1234567-1']); (function() { var ga = document.createElement('script'); ga.src = ('https:' == document.location.protocol ? 'https://ssl' : 'http://www') + '.google-analytics.com/ga.js'; })();</script>";
    const facts = extractFacts(crawlOf(page(classic)));
    expect(facts).toMatchObject({ has_analytics: true, analytics: ['Google Analytics'] });
    expect(facts.evidence.has_analytics?.detail).toMatch(/Google Analytics/);
    const pixel = extractFacts(crawlOf(page("<script>!function(f,b,e,v,n,t,s){}(window, document,'script','https://connect.facebook.net/en_US/fbevents.js'); fbq('init', '1234567890');</script>")));
    expect(pixel.analytics).toContain('Facebook Pixel');
  });

  it('finds booking links to the common services and booking links of the site, and knows a vaguer link proves nothing either way', () => {
    expect(extractFacts(crawlOf(page('<a href="https://www.fresha.com/a/hive-salon-burbank-123">Book now</a>')))).toMatchObject({ has_online_booking: true, booking_platform: 'Fresha' });
    expect(extractFacts(crawlOf(page('<a href="https://calendly.com/novak/30min">Schedule</a>'))).booking_platform).toBe('Calendly');
    // A link that says it books online does; one that only mentions an appointment may lead to a call-back form.
    expect(extractFacts(crawlOf(page('<a href="/book">Book an appointment</a>')))).toMatchObject({ has_online_booking: true, evidence: { has_online_booking: { detail: 'a "Book an appointment" link to /book' } } });
    expect(extractFacts(crawlOf(page('<a href="/visit">Schedule a visit</a>'))).has_online_booking).toBeNull();
    expect(extractFacts(crawlOf(page('<p>Family dentist since 1998.</p>'))).has_online_booking).toBe(false);
  });

  it('names the business from what the site says about itself, never from a slogan', () => {
    const titled = { ...page('<title>Novak Dental | Denver\'s friendly neighborhood dentist</title>'), url: 'https://novakdental.com/', finalUrl: 'https://novakdental.com/' };
    expect(extractFacts(crawlOf(titled)).business_name).toBe('Novak Dental');
    const joined = { ...page('<title>Patel Dental Care – Family Dentistry in Austin</title>'), url: 'https://pateldentalcare.com/', finalUrl: 'https://pateldentalcare.com/' };
    expect(extractFacts(crawlOf(joined)).business_name).toBe('Patel Dental Care');
    const ld = page('<script type="application/ld+json">{"@type":"Dentist","name":"Smile Studio"}</script><title>Home</title>');
    expect(extractFacts(crawlOf(ld))).toMatchObject({ business_name: 'Smile Studio', evidence: { business_name: { detail: 'schema.org name "Smile Studio"' } } });
  });

  it('greets only the person the page names as owner or contact, with the role and the quoted line as evidence', () => {
    const owned = page('<title>Novak Dental</title><p>Dr. Jane Novak, owner</p>');
    expect(extractFacts(crawlOf(owned))).toMatchObject({
      contact_name: 'Dr. Jane Novak',
      evidence: { contact_name: { url: 'https://shop.example.org/', detail: 'owner: "Dr. Jane Novak, owner" on https://shop.example.org/' } },
    });
    // The practice named after its doctor: the name is decided by business-name.ts, then the greeting from it.
    const namesake = page('<script type="application/ld+json">{"@type":"Dentist","name":"Richard M. Dervin DDS"}</script><title>Richard M. Dervin DDS</title>');
    expect(extractFacts(crawlOf(namesake))).toMatchObject({ contact_name: 'Dr. Richard M. Dervin', evidence: { contact_name: { detail: expect.stringContaining('named after its doctor') } } });
    const mentioned = extractFacts(crawlOf(page('<title>Novak Dental</title><p>Meet Dr. Jane Novak</p><blockquote>Lovely staff! – Laura Smith</blockquote>')));
    expect(mentioned.contact_name).toBeUndefined();
    expect(mentioned.evidence.contact_name).toBeUndefined();
  });

  it('names a site that does not name itself (a 404) from its search listing, never from the bare hostname', () => {
    expect(nameFromListing('Patel Dental Care - Dentist in Denver, CO', 'https://www.pateldentalcare.com/')).toBe('Patel Dental Care');
    expect(nameFromListing('Best dentists near you', 'https://www.pateldentalcare.com/')).toBeUndefined();
  });

  it('takes what a broken site cannot say from its search listing, and says so', () => {
    const notFound = page('<title>404 Not Found</title><h1>Not Found</h1>', { url: 'http://nguyenpipeworks.com/', finalUrl: 'http://nguyenpipeworks.com/', status: 404 });
    const facts = extractFacts({ startUrl: notFound.url, home: notFound, pages: [notFound], log: [{ url: notFound.url, status: 404, ms: 3, fetched_at: '' }] });
    fillFromListing(facts, { url: notFound.url, title: 'Nguyen Pipe Works', phone: '512-555-0192', address: '9304 Guadalupe St, Austin, TX 78740' });
    expect(facts).toMatchObject({ business_name: 'Nguyen Pipe Works', phones: ['512-555-0192'], address: '9304 Guadalupe St, Austin, TX 78740' });
    expect(facts.evidence.phone?.detail).toBe('the search listing: 512-555-0192');
    expect(facts.findings.map((f) => f.id)).toEqual(['site_broken']);
  });
});

