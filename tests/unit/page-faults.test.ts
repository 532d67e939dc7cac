// What a visitor meets on the page itself: an error message where the home page's content should
// be, Flash movies (embedded by tag or by script), a contact form on a site browsers mark
// "Not secure", the "Book Now" customers press on such a page, the words of a broken link, two
// phone numbers for one place that differ in one digit, and a home page with no title.
// Each said only from the markup that shows it, on sandbox-style pages and on real ones, and what
// the email then leads with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrawledPage, CrawlResult } from '../../src/core/model/crawl.ts';
import { pitchFindings } from '../../src/core/drafts/pitch.ts';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { scoreDraft } from '../../src/core/drafts/quality.ts';
import { closedServiceFinding, customerAction, errorMessageFinding, flashFinding, flashMovies, noTitleFinding, phoneMismatchFinding, templateTextFinding } from '../../src/core/pipeline/analyze/page-faults.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { EMAIL_LOCALES, type Finding } from '../../src/core/model/analysis.ts';
import { parse } from '../../src/core/pipeline/analyze/dom.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { crawlOfPage, realPages } from '../support/realweb.ts';

const NOW = new Date('2026-11-27T12:00:00Z');

function crawlOf(url: string, html: string, more: { path: string; html: string; kind: CrawledPage['kind'] }[] = []): CrawlResult {
  const home: CrawledPage = { url, finalUrl: url, status: 200, headers: { 'content-type': 'text/html' }, html, kind: 'home' };
  const pages = [home, ...more.map((p): CrawledPage => ({ url: new URL(p.path, url).href, finalUrl: new URL(p.path, url).href, status: 200, headers: { 'content-type': 'text/html' }, html: p.html, kind: p.kind }))];
  return { startUrl: url, home, pages, log: [{ url, status: 200, ms: 120, fetched_at: NOW.toISOString() }] };
}

/** The offline writer's email in every language for these findings to Smith Dental, with the claim checker's reading of it. */
async function everyLanguage(findings: Finding[], url: string) {
  const ai = new HeuristicAi();
  const out = [];
  for (const locale of EMAIL_LOCALES) {
    const brief = { company_name: 'Smith Dental', url, business_summary: '', findings, locale, sender_name: 'Sam', signature: 'Sam', audience: 'patients' as const };
    const { value: email } = await ai.writeEmail(brief);
    out.push({ locale, email, check: checkClaims(email, findings, { companyName: 'Smith Dental', contactName: null, url, signature: 'Sam' }) });
  }
  return out;
}

const page = (body: string) => `<!doctype html><html lang="en"><head><title>Smith Dental</title><meta name="viewport" content="width=device-width"></head><body><h1>Smith Dental</h1><p>Family dentistry in Austin since 1990. Call 512-555-0100.</p>${body}</body></html>`;
const movies = (body: string) => flashMovies(parse(crawlOf('https://smith.example/', page(body)).home!));

describe('Flash on the home page', () => {
  it('finds a movie embedded by <object>, by <embed>, and once when an <object> carries its <embed>', () => {
    expect(movies('<object type="application/x-shockwave-flash" data="intro.swf" width="800" height="500"></object>')).toEqual(['intro.swf']);
    expect(movies('<embed src="/media/banner.swf" width="300" height="100">')).toEqual(['/media/banner.swf']);
    expect(
      movies('<object classid="clsid:D27CDB6E-AE6D-11cf-96B8-444553540000" width="800" height="500"><param name="movie" value="menu.swf"><embed src="menu.swf" type="application/x-shockwave-flash"></object>'),
    ).toEqual(['menu.swf']);
  });

  it('finds movies a script writes into the page (SWFObject, FlashObject, swfobject.embedSWF, AC_FL_RunContent)', () => {
    expect(movies('<div id="flashcontent">Get the Flash plugin</div><script>var fo = new FlashObject("media/base.swf", "base", "100%", "100%", "8", "#000"); fo.write("flashcontent");</script>')).toEqual(['media/base.swf']);
    expect(movies(`<div id="h"></div><script>var so = new SWFObject('header.swf', 'h', '760', '120', '8'); so.write('h');</script>`)).toEqual(['header.swf']);
    expect(movies(`<script>swfobject.embedSWF("gallery.swf", "g", "600", "400", "9.0.0");</script>`)).toEqual(['gallery.swf']);
    expect(movies(`<script>AC_FL_RunContent('codebase','x','width','760','height','400','src','intro','movie','intro');</script>`)).toEqual(['intro.swf']);
  });

  it('leaves out a movie whose box shows a picture or words of its own in its place: visitors see that', () => {
    expect(movies('<div id="slider"><img src="/img/header.jpg" alt=""></div><script>swfobject.embedSWF("/swf/piecemaker.swf", "slider", 960, 400, "10.0.0");</script>')).toEqual([]);
    expect(movies('<object data="tour.swf" type="application/x-shockwave-flash"><p>Take a tour of our practice and meet the team</p></object>')).toEqual([]);
    // A box that only asks for the plugin, or holds a "Get Adobe Flash" badge, shows nothing of the business.
    expect(movies('<div id="b"><a href="https://get.adobe.com/flashplayer"><img src="get_flash_player.gif" alt="Get Adobe Flash player"></a></div><script>swfobject.embedSWF("b.swf", "b", 960, 400, "9");</script>')).toEqual(['b.swf']);
  });

  it('says nothing of a page without Flash: a video, an image, the word "flash" in the text, a link to a .swf file', () => {
    expect(movies('<video src="tour.mp4"></video><img src="flash-sale.jpg" alt="Flash sale"><p>Flash cleaning offer</p><a href="calc.swf">Calculator</a>')).toEqual([]);
    expect(flashFinding(parse(crawlOf('https://smith.example/', page('<p>Hello</p>')).home!), 'https://smith.example/')).toBeUndefined();
  });

  it('makes one finding with the movies as its evidence, and the email leads with it', () => {
    const facts = extractFacts(crawlOf('http://smith.example/', page('<object data="intro.swf" type="application/x-shockwave-flash"></object><embed src="footer.swf">')), NOW);
    const flash = facts.findings.find((f) => f.id === 'flash_content');
    expect(flash).toMatchObject({ value: 2, claim: '2 parts of the home page are made in Adobe Flash, which browsers no longer play', confidence: 1 });
    expect(flash!.evidence).toContain('intro.swf, footer.swf');
    expect(pitchFindings(facts.findings, 'dentist').map((f) => f.id)).toEqual(['flash_content', 'no_ssl']);
  });

  it('says the home page is the Flash when nothing else of its own shows, and quotes the request visitors see instead', async () => {
    const request = 'If you are reading this, you either have Javascript disabled or you are missing the Flash plugin.';
    const intro = `<!doctype html><html><head><title>Perfect Smile</title></head><body><div id="intro"><p>${request} <a href="/home.htm">Click here to go to the non-flash version of this site.</a></p></div><script>swfobject.embedSWF("media/intro.swf", "intro", 800, 600, "8");</script><img src="http://counter.example/c.gif" alt="free hit counters"></body></html>`;
    const whole = extractFacts(crawlOf('http://smith.example/', intro), NOW).findings.find((f) => f.id === 'flash_content')!;
    expect(whole).toMatchObject({ claim: 'The home page is made in Adobe Flash, which browsers no longer play', whole: true, quote: request, value: 1 });
    expect(whole.evidence).toContain('shows nothing else of its own');
    // A page with words of its own beside its movie is only partly Flash; the request is still what visitors see.
    const part = extractFacts(crawlOf('http://smith.example/', page(`<div id="b"><p>${request}</p></div><script>swfobject.embedSWF("b.swf", "b", 960, 400, "9");</script>`)), NOW).findings.find((f) => f.id === 'flash_content')!;
    expect(part).toMatchObject({ claim: 'Part of the home page is made in Adobe Flash, which browsers no longer play', quote: request });
    expect(part.whole).toBeUndefined();
    // A sentence that mentions Flash without asking for it is not the stand-in.
    expect(extractFacts(crawlOf('http://smith.example/', page('<p>We rebuilt our site without Flash last spring for everyone.</p><embed src="b.swf">')), NOW).findings.find((f) => f.id === 'flash_content')!.quote).toBeUndefined();
    for (const { locale, email, check } of await everyLanguage([whole], 'http://smith.example/')) {
      expect(email.body, locale).toContain(request);
      expect(email.body, locale).not.toMatch(/\b(?:Part|Parte|Partie|Teil|Część|Een deel|Una parte|Uma parte)\b/);
      expect(check.problems, locale).toEqual([]);
      expect(check.stated, locale).toEqual(['flash_content']);
    }
  });

  it('finds the Flash on real pages whose movies a script writes, which the technology rules miss', () => {
    const byId = new Map(realPages().map((p) => [p.id, p]));
    for (const id of ['010', '037']) {
      const facts = extractFacts(crawlOfPage(byId.get(id)!), NOW);
      expect(facts.findings.map((f) => f.id), id).toContain('flash_content');
    }
    // 033 only links a .swf calculator on another site: nothing on its own page is Flash.
    expect(extractFacts(crawlOfPage(byId.get('033')!), NOW).findings.map((f) => f.id)).not.toContain('flash_content');
    // 202's Flash slider has a still picture in its box: visitors see that picture.
    const pokropinski = join(import.meta.dirname, '../fixtures/realweb/drafts2/pages/202.html');
    expect(extractFacts(crawlOf('http://www.adwokat-pokropinski.pl/', readFileSync(pokropinski, 'utf8')), NOW).findings.map((f) => f.id)).not.toContain('flash_content');
  });
});

describe('a contact form on a "Not secure" site', () => {
  const form = '<form action="/send.php" method="post"><input name="name"><input type="email" name="email"><textarea name="message"></textarea><button>Send</button></form>';

  it('is a finding on an http site whose crawled pages have a message form, backed by both', () => {
    const facts = extractFacts(crawlOf('http://smith.example/', page('<a href="/contact">Contact</a>'), [{ path: '/contact', html: page(form), kind: 'contact' }]), NOW);
    const found = facts.findings.find((f) => f.id === 'form_not_secure');
    expect(found).toMatchObject({ claim: 'The contact form is on a page browsers mark "Not secure"', url: 'http://smith.example/contact' });
    expect(found!.evidence).toMatch(/served over http|plain http/);
    expect(found!.evidence).toContain('contact form <form action="/send.php"');
    // It says what no_ssl says and more: the email states one of them, the form first.
    expect(pitchFindings(facts.findings, 'dentist').map((f) => f.id)).toEqual(['form_not_secure']);
  });

  it('backs only what it says: "the form is on a Not secure page", and what follows in that paragraph, never "you have no contact form"', () => {
    const facts = extractFacts(crawlOf('http://smith.example/', page(form)), NOW);
    const check = (body: string) => checkClaims({ subject: 'Smith Dental', body }, facts.findings);
    const said = 'Your contact form sits on a page browsers mark "Not secure", because the site has no https. You can see it for yourself: type a letter into the form in Chrome.';
    expect(check(`Hello,\n\n${said}\n\nSam`)).toMatchObject({ ok: true, stated: expect.arrayContaining(['form_not_secure']) });
    const absent = check("Hello,\n\nThere's no contact form on your site, so people have no quick way to reach you.\n\nSam");
    expect(absent.ok).toBe(false);
    expect(absent.problems[0].reason).toMatch(/contact form/);
  });

  it('is no finding on an https site, without a form, or with a form service embedded from its own https page', () => {
    const ids = (url: string, body: string) => extractFacts(crawlOf(url, page(body)), NOW).findings.map((f) => f.id);
    expect(ids('https://smith.example/', form)).not.toContain('form_not_secure');
    expect(ids('http://smith.example/', '<p>Write to us at hello@smith.example</p>')).not.toContain('form_not_secure');
    const hosted = ids('http://smith.example/', '<iframe src="https://form.jotform.com/12345"></iframe>');
    expect(hosted).toContain('no_ssl');
    expect(hosted).not.toContain('form_not_secure');
  });
});

describe('"Not secure" on the page where customers book, buy or ask for a quote', () => {
  const action = (body: string) => customerAction(parse(crawlOf('http://smith.example/', page(body)).home!));

  it('quotes the button a customer presses to book or to buy, as the page writes it, in the eight languages', () => {
    expect(action('<nav><a href="/">Home</a><a href="/book">Book Now →</a></nav>')).toBe('Book Now');
    expect(action('<a href="https://reserve.example/r/1">Reserve a table</a>')).toBe('Reserve a table');
    expect(action('<a href="?add-to-cart=151">Dodaj do koszyka</a>')).toBe('Dodaj do koszyka');
    expect(action('<form><input type="submit" value="Termin buchen"></form>')).toBe('Termin buchen');
    expect(action('<a href="/rdv">Prendre rendez-vous</a>')).toBe('Prendre rendez-vous');
    expect(action('<a href="/menu.html" title="Menu / Zamowienia Online">Menu<br><small>Zamowienia Online</small></a>')).toBe('Zamowienia Online');
    expect(action('<a href="/book">Book <b>now</b></a>')).toBe('Book now');
    // A hair stylist's own booking page, by its menu entry and its button (page 308).
    expect(action('<nav><a href="booking.html">Bookings</a></nav>')).toBe('Bookings');
    expect(action('<a href="booking.html" class="btn btn-outline">Book Here</a>')).toBe('Book Here');
    expect(action('<nav><a href="booking.html">Bookings</a></nav><section><a href="booking.html" class="btn">Book Here</a></section>')).toBe('Book Here');
    // A clinic's booking desk online, with the hyphen Polish sites often write.
    expect(action('<li><a href="https://booksy.com/pl-pl/13111">Rejestracja on-line</a></li>')).toBe('Rejestracja on-line');
    expect(action('<a href="/wizyta">Umów wizytę online</a>')).toBe('Umów wizytę online');
    // The shop's cart link, however it is drawn ("<span class=glyphicon></span>&nbsp;Cart&nbsp;<span class=badge>0</span>").
    expect(action('<li><a href="/cart"><span class="glyphicon glyphicon-shopping-cart"></span>&nbsp;Cart&nbsp;<span class="cart-header-items badge">0</span></a></li>')).toBe('Cart');
    // A link with nowhere to go is an unfinished template's, not where customers act (page 127's "Cart" went to "#");
    // a script's handler of its own makes it a button.
    expect(action('<li><a href="#"><span class="glyphicon glyphicon-shopping-cart"></span>&nbsp;Cart</a></li><a href="javascript:void(0)">Book now</a>')).toBeUndefined();
    expect(action('<a href="#" onclick="openBooking()">Book now</a>')).toBe('Book now');
    expect(action('<a href="/koszyk">Koszyk</a>')).toBe('Koszyk');
    // A button that buys says it better than the cart link before it.
    expect(action('<a href="/koszyk">Koszyk</a><a href="?add-to-cart=1">Dodaj do koszyka</a>')).toBe('Dodaj do koszyka');
    // Two actions said together, and a class booked by signing up.
    expect(action('<a href="registration.html">Reserve your spot in class, register online</a>')).toBe('Reserve your spot in class, register online');
    expect(action('<a href="/classes">Sign up for a class</a>')).toBe('Sign up for a class');
    // Asking for a quote is where a customer leaves their details too.
    expect(action('<a class="btn btn-primary btn-sm" href="/indywidualna-wycena">Twoja wycena</a>')).toBe('Twoja wycena');
    expect(action('<a href="/estimate">Get a Free Estimate</a>')).toBe('Get a Free Estimate');
    expect(action('<button>Demander un devis</button>')).toBe('Demander un devis');
    // Written otherwise than in capitals when the page has both.
    expect(action('<a href="/book">BOOK APPOINTMENT</a><a href="/book">Book now</a>')).toBe('Book now');
  });

  it('says nothing of links that only mention booking or a shop, long lines, or hidden buttons', () => {
    expect(action('<a href="/sklep">Sklep</a><a href="/termin">Termin</a><a href="/faq">How to book your first visit with our team</a>')).toBeUndefined();
    // "Rejestracja" alone is a sign-up or a car's registration as often as a booking.
    expect(action('<a href="/rejestracja">Rejestracja</a>')).toBeUndefined();
    expect(action('<a href="/about">About us, our story</a><a href="/book">Book now, pay later and enjoy</a>')).toBeUndefined();
    expect(action('<a href="/cennik">Cennik</a><a href="/quotes">Customer quotes</a><a href="/wycena-nieruchomosci">Wycena nieruchomości</a>')).toBeUndefined();
    expect(action('<div style="display:none"><a href="/book">Book now</a></div><template><a href="/book">Book now</a></template>')).toBeUndefined();
  });

  it('is the page\'s words only where the email quotes them: the same words said as its own are a claim', () => {
    const noSsl = extractFacts(crawlOf('http://smith.example/', page('<a href="/book">Online booking</a>')), NOW).findings.find((f) => f.id === 'no_ssl')!;
    expect(noSsl.quote).toBe('Online booking');
    const check = (body: string) => checkClaims({ subject: 'Smith Dental', body }, [noSsl], { companyName: 'Smith Dental' });
    expect(check('Hello,\n\nBrowsers mark your site "Not secure" (no https) on the very page where patients click "Online booking".\n\nSam').problems).toEqual([]);
    // Unquoted, "online booking" is the email's claim about booking, which no finding backs.
    const own = check('Hello,\n\nBrowsers mark your site "Not secure" (no https). Online booking is missing, so patients call instead.\n\nSam');
    expect(own.ok).toBe(false);
    expect(own.problems.map((p) => p.reason).join(' ')).toMatch(/book/i);
  });

  it('rides on the "Not secure" finding of an http site, which an email may then say where it bites, in every language', async () => {
    const facts = extractFacts(crawlOf('http://smith.example/', page('<a href="/book">Book online</a>')), NOW);
    const noSsl = facts.findings.find((f) => f.id === 'no_ssl')!;
    expect(noSsl.quote).toBe('Book online');
    expect(noSsl.evidence).toContain('"Book online" button');
    expect(extractFacts(crawlOf('https://smith.example/', page('<a href="/book">Book online</a>')), NOW).findings.map((f) => f.id)).not.toContain('no_ssl');
    for (const { locale, email, check } of await everyLanguage([noSsl], 'http://smith.example/')) {
      expect(email.body, locale).toContain('Book online');
      expect(check.problems, locale).toEqual([]);
      expect(check.stated, locale).toEqual(['no_ssl']);
    }
  });
});

describe('a broken link said by the words a visitor clicks', () => {
  const home = page('<nav><a href="/">Home</a><a href="/cennik">Cennik</a><a href="/galeria"><img src="g.png"></a><a href="https://smith.example/old">https://smith.example/old</a></nav>');
  const checked = (broken: string[], status = 404) =>
    extractFacts({ ...crawlOf('https://smith.example/', home), linkChecks: broken.map((path) => ({ url: new URL(path, 'https://smith.example/').href, kind: 'link' as const, from: 'https://smith.example/', status, method: 'HEAD' as const, sameSite: true })) }, NOW).findings.find((f) => f.id === 'broken_links');

  it('quotes the first broken link whose anchor reads as words, never an address or a picture', () => {
    expect(checked(['/cennik'])).toMatchObject({ value: 1, quote: 'Cennik' });
    expect(checked(['/cennik'])!.evidence).toContain('the link reads "Cennik" on https://smith.example/');
    expect(checked(['/galeria', '/old', '/cennik'])).toMatchObject({ value: 3, quote: 'Cennik' });
    const unquoted = checked(['/galeria', '/old'])!;
    expect(unquoted.value).toBe(2);
    expect(unquoted.quote).toBeUndefined();
    // A page that answered a server error may come back: it is not quoted as one that "no longer exists".
    expect(checked(['/cennik'], 500)).toMatchObject({ value: 1 });
    expect(checked(['/cennik'], 500)!.quote).toBeUndefined();
  });

  it('is said by those words in every language, and the checker reads them as the page\'s', async () => {
    const ai = new HeuristicAi();
    for (const found of [checked(['/cennik'])!, checked(['/galeria', '/cennik'])!]) {
      for (const locale of EMAIL_LOCALES) {
        const brief = { company_name: 'Smith Dental', url: 'https://smith.example/', business_summary: '', findings: [found], locale, sender_name: 'Sam', signature: 'Sam' };
        const { value: email } = await ai.writeEmail(brief);
        expect(email.body, locale).toContain('Cennik');
        const check = checkClaims(email, [found], { companyName: 'Smith Dental', contactName: null, url: 'https://smith.example/', signature: 'Sam' });
        expect(check.problems, `${locale} ${found.value}`).toEqual([]);
        expect(check.stated).toEqual(['broken_links']);
      }
    }
  });
});

describe('an error message where the home page\'s content should be', () => {
  const error = (body: string, title = 'Smith Dental') => errorMessageFinding(parse(crawlOf('https://smith.example/', page(body).replace('<title>Smith Dental</title>', `<title>${title}</title>`)).home!), 'https://smith.example/');

  it('quotes the message from a heading or a line of its own, in the page\'s language', () => {
    expect(error('<nav><a href="/o-firmie">O firmie</a></nav><h2><span>Błąd 404: Strona nie istnieje!</span></h2>')).toMatchObject({ id: 'error_message', quote: 'Błąd 404: Strona nie istnieje!', claim: 'The home page shows the message "Błąd 404: Strona nie istnieje!"' });
    expect(error('<p><b>Brak zawartosci</b></p><a href="/">Powrot</a>')?.quote).toBe('Brak zawartosci');
    expect(error('<h1>Seite nicht gefunden</h1>')?.quote).toBe('Seite nicht gefunden');
    // The title alone is no message where the content should be: the email could not say so.
    expect(error('<p>Welcome</p>', 'Page not found » Smith Dental')).toBeUndefined();
  });

  it('says nothing of a sentence that mentions an error, a hidden template, or a long line', () => {
    expect(error('<p>We fix 404 errors and broken pages for you.</p><p>Error 404 pages designed to keep visitors: see our portfolio of fifty custom designs</p>')).toBeUndefined();
    expect(error('<div hidden><h1>Page not found</h1></div><template><h1>Page not found</h1></template>')).toBeUndefined();
    expect(error('<p>Family dentistry</p>')).toBeUndefined();
  });

  it('is found on real pages that show one above their own menu, and leads the email', () => {
    const names = join(import.meta.dirname, '../fixtures/realweb/names/pages');
    const facts = (file: string, url: string) => extractFacts(crawlOf(url, readFileSync(join(names, file), 'utf8')), NOW);
    const abachi = facts('120.html', 'http://abachi.pl/');
    expect(abachi.site_state).toBe('ok');
    expect(abachi.findings.find((f) => f.id === 'error_message')?.quote).toBe('Blad 404: Strona nie istnieje!');
    expect(pitchFindings(abachi.findings, 'timber').map((f) => f.id)).toEqual(['error_message', 'no_ssl']);
    expect(facts('115.html', 'http://ackautomatyka.pl/').findings.find((f) => f.id === 'error_message')?.quote).toBe('Brak zawartosci');
  });

  it('may be quoted by an email: the page\'s words are not read as claims (its "404" is no unmeasured number)', () => {
    const found = error('<h2>Błąd 404: Strona nie istnieje!</h2>')!;
    const body = 'Dzień dobry,\n\nNa stronie głównej, w miejscu treści, widnieje komunikat „Błąd 404: Strona nie istnieje!”, więc odwiedzający widzą go zamiast oferty.\n\nSam';
    expect(checkClaims({ subject: 'Strona firmy Smith', body }, [found]).problems).toEqual([]);
    // Without the finding, the same sentence is an unsupported claim.
    expect(checkClaims({ subject: 'Strona firmy Smith', body }, []).ok).toBe(false);
  });
});

describe('a link to a social network that has closed', () => {
  const closed = (body: string, url = 'http://smith.example/') => closedServiceFinding(parse(crawlOf(url, page(body)).home!), url);

  it('is found from a link a visitor sees, an icon included, and names the network', () => {
    const f = closed('<footer><a href="https://plus.google.com/+BebikePl-sklep-rowerowy" title="Google +"><i class="fa fa-google-plus"></i></a></footer>')!;
    expect(f).toMatchObject({ id: 'closed_service', quote: 'Google+', claim: 'The home page links to Google+, which no longer exists', value: null });
    expect(f.evidence).toMatch(/^the home page links to https:\/\/plus\.google\.com\/\+BebikePl-sklep-rowerowy; Google shut Google\+ down .* on 2 April 2019/);
    expect(closed('<a href="https://nk.pl/profile/123">Nasza Klasa</a>')).toMatchObject({ quote: 'NK' });
  });

  it('says nothing of a link in the head, a hidden one, or a live network', () => {
    const head = '<!doctype html><html lang="en"><head><title>Drewit</title><link rel="author" href="https://plus.google.com/100936518942085226986"></head><body><h1>Drewit</h1></body></html>';
    expect(closedServiceFinding(parse(crawlOf('http://drewit.example/', head).home!), 'http://drewit.example/')).toBeUndefined();
    expect(closed('<div style="display:none"><a href="https://plus.google.com/1">G+</a></div>')).toBeUndefined();
    expect(closed('<a href="https://www.facebook.com/smith">Facebook</a><a href="https://www.google.com/maps?cid=1">Map</a>')).toBeUndefined();
  });

  it('backs "Not secure" in an email, in every language the claim checker reads it in, but is never written about alone', async () => {
    const facts = extractFacts(crawlOf('http://smith.example/', page('<a href="https://plus.google.com/115365154008429967865"><img src="g.png" alt="Google+"></a>')), NOW);
    const pitched = pitchFindings(facts.findings, 'Dental');
    expect(pitched.map((f) => f.id)).toEqual(['no_ssl', 'closed_service']);
    expect(pitchFindings(facts.findings.filter((f) => f.id === 'closed_service'), 'Dental')).toEqual([]);
    for (const { locale, email, check } of await everyLanguage(pitched, 'http://smith.example/')) {
      expect(email.body, locale).toContain('Google+');
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated.sort(), locale).toEqual(['closed_service', 'no_ssl']);
    }
  });
});

describe("a template's text the site was meant to replace", () => {
  const leftover = (body: string) => templateTextFinding(parse(crawlOf('http://smith.example/', page(body)).home!), 'http://smith.example/');

  it('quotes sample captions, "Lorem ipsum" and template code the server never ran, as visitors read them', () => {
    expect(leftover('<figure><img src="g1.jpg"><figcaption>Caption goes here 1</figcaption></figure>')).toMatchObject({ id: 'template_text', quote: 'Caption goes here' });
    expect(leftover('<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>')).toMatchObject({ quote: 'Lorem ipsum dolor sit amet' });
    expect(leftover('<footer><p>&copy; {{.Now "2006"}} Stone\'s Family Restaurant</p></footer>')).toMatchObject({ quote: '{{.Now "2006"}}' });
    expect(leftover('<p>Przykładowy tekst</p>')).toMatchObject({ quote: 'Przykładowy tekst' });
    // A slider's sample caption, a line of its own under each slide.
    expect(leftover('<ul class="slides"><li><img src="s5.png"><p class="flex-caption">Caption Text</p>Link</li></ul>')).toMatchObject({ quote: 'Caption Text' });
    // The sample names and numbers a template fills an imprint or a contact block with (a joinery's "Wirtschafts-ID: Musterwirtschaftsid").
    expect(leftover('<h3>Impressum</h3><p>Wirtschafts-ID: Musterwirtschaftsid</p>')).toMatchObject({ quote: 'Musterwirtschaftsid' });
    expect(leftover('<p>Max Mustermann<br>Musterstraße 1<br>12345 Musterstadt</p>')).toMatchObject({ quote: 'Max Mustermann' });
    expect(leftover('<address>123 Main Street, Anytown</address>')).toMatchObject({ quote: 'Anytown' });
    expect(leftover('<p>Call (555) 555-5555</p>')).toMatchObject({ quote: '(555) 555-5555' });
  });

  it('says nothing of template code a script fills in, or of text visitors do not see', () => {
    expect(leftover('<p>Based on {{ number_of_reviews }} reviews</p>')).toBeUndefined();
    expect(leftover('<script>var t = "{{.Now}} Lorem ipsum";</script><template><p>Caption goes here</p></template>')).toBeUndefined();
    expect(leftover('<p>Our captions tell the story of each bouquet.</p>')).toBeUndefined();
    expect(leftover('<p>Add a caption text to each photo you send us.</p>')).toBeUndefined();
    // Inline-hidden, or in a panel a framework's "hidden" class keeps closed (a florist's real legal notice, page 608).
    expect(leftover('<div style="display:none"><p>Lorem ipsum dolor sit amet</p></div>')).toBeUndefined();
    expect(leftover('<div id="mentions-panel-container" class="animated hidden panel-container-closed"><div class="panel"><h2>Mentions Légales</h2><p>Lorem ipsum dolor sit amet, consectetur adipisicing elit.</p></div></div>')).toBeUndefined();
    // Shown elsewhere on the page, it is said.
    expect(leftover('<div class="hidden"><p>Lorem ipsum dolor sit amet</p></div><p>Lorem ipsum dolor sit amet</p>')).toMatchObject({ quote: 'Lorem ipsum dolor sit amet' });
    // A builder's show house and a fabric sample are no template's placeholder.
    expect(leftover('<p>Besuchen Sie unser Musterhaus und die Stoffmuster in der Ausstellung.</p>')).toBeUndefined();
  });

  it('is said in every language with its quote, and the quote is no placeholder of the writer\'s', async () => {
    const facts = extractFacts(crawlOf('https://smith.example/', page('<footer><p>&copy; {{.Now "2006"}} Smith Dental</p></footer>')), NOW);
    const pitched = pitchFindings(facts.findings, 'Dental');
    expect(pitched.map((f) => f.id)).toEqual(['template_text']);
    for (const { locale, email, check } of await everyLanguage(pitched, 'https://smith.example/')) {
      expect(email.body, locale).toContain('{{.Now "2006"}}');
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated, locale).toEqual(['template_text']);
      const quality = scoreDraft({ subject: email.subject, body: email.body, signature: 'Sam', claims: check, findings: pitched, businessName: 'Smith Dental', locale, url: 'https://smith.example/' });
      expect(quality.parts.find((p) => p.name === 'no_spam_or_placeholders'), locale).toMatchObject({ passed: true });
    }
  });

  // A shop's real home page: its mailer script sits above <html>, and the browser takes "<?php … $mailer->" for a
  // comment, so visitors read the rest of the script as text (and the order form's fields it names).
  const leakedPhp = `<?php\nrequire 'mailer.php';\n$mailer = new PHPMailer();\n$mailer->Encoding = 'base64';\n$mailer->CharSet = 'utf8';\n$mailer->setLanguage( 'pl' );\n$mailer->Subject = sprintf( 'Zamówienie %s', $_POST['imie'] );\n?>\n<!doctype html><html lang="pl"><head><title>MaJoCa</title></head><body><h1>MaJoCa</h1><p>Kocyki i rożki dla niemowląt, szyte ręcznie.</p></body></html>`;

  it('quotes PHP the server showed instead of running, and says it as code', async () => {
    const home = parse(crawlOf('http://majoca.example/', leakedPhp).home!);
    const found = templateTextFinding(home, 'http://majoca.example/');
    expect(found).toMatchObject({ id: 'template_text', quote: "$mailer->CharSet = 'utf8';" });
    expect(found!.claim).toContain('code the server was meant to run');
    expect(leftover("<p>Zamówienie: $_POST['imie']</p>")).toMatchObject({ quote: "$_POST['imie']" });
    // A price or a variable's name in prose is no code.
    expect(leftover('<p>Prices from $25; ask for the $mailer package.</p>')).toBeUndefined();
    const facts = extractFacts(crawlOf('https://majoca.example/', leakedPhp), NOW);
    const pitched = pitchFindings(facts.findings, 'Retail');
    expect(pitched.map((f) => f.id)).toEqual(['template_text']);
    for (const { locale, email, check } of await everyLanguage(pitched, 'https://majoca.example/')) {
      expect(email.body, locale).toContain("$mailer->CharSet = 'utf8';");
      expect(email.body, locale).not.toMatch(/template|Vorlage|plantilla|mod[eè]le|modello|sjabloon|szablon|modelo/i);
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated, locale).toEqual(['template_text']);
    }
  });
});

describe('two phone numbers for one place that differ in one digit', () => {
  const mismatch = (body: string) => phoneMismatchFinding(parse(crawlOf('http://smith.example/', page(body)).home!), 'http://smith.example/');
  // A tattoo studio's real header and location card: the Noblesville number is mistyped in one of them.
  const header = '<header><span>Noblesville: 317-214-7116</span> <span>Castleton: 317-436-7220</span></header>';
  const cards = (noblesville: string) =>
    `<section><h3>Noblesville</h3><p>Phone:</p><p>${noblesville}</p><h3>Castleton</h3><p>Phone:</p><p>(317) 436-7220</p></section>`;

  it('quotes both numbers as written, with what the page names them by', () => {
    expect(mismatch(header + cards('(317) 214-7166'))).toMatchObject({
      id: 'phone_mismatch',
      quote: 'Noblesville',
      quotes: ['317-214-7116', '(317) 214-7166'],
    });
    // Two neighbouring digits swapped are a typo too.
    expect(mismatch(header + cards('(317) 214-1716'))).toMatchObject({ quotes: ['317-214-7116', '(317) 214-1716'] });
  });

  it('says nothing of numbers that agree, separate lines, or a fax', () => {
    // The same number written two ways.
    expect(mismatch(header + cards('(317) 214-7116'))).toBeUndefined();
    // Lines named apart ("Salon", "Service"), listed side by side, or a fax beside the phone.
    expect(mismatch('<p>Salon: 42 209 49 25</p><p>Service: 42 209 49 52</p><footer><p>Salon: 42 209 49 25</p><p>Service: 42 209 49 52</p></footer>')).toBeUndefined();
    expect(mismatch('<p>Reception</p><p>512-555-0143 512-555-0144</p><footer><p>Reception</p><p>512-555-0143</p></footer>')).toBeUndefined();
    expect(mismatch('<p>Office: 512-555-0143</p><p>Office fax: 512-555-0144</p><footer><p>Office: 512-555-0143</p></footer>')).toBeUndefined();
    expect(mismatch('<p>Noblesville</p><p>Phone: 317-214-7116</p><p>Noblesville mobile: 317-214-7117</p>')).toBeUndefined();
  });

  it('is found on the one real page that mistypes its number, and on no other', () => {
    const found = realPages().filter((p) => extractFacts(crawlOfPage(p), NOW).findings.some((f) => f.id === 'phone_mismatch'));
    expect(found.map((p) => p.id)).toEqual(['023']);
  });

  it('leads the email in every language, both numbers quoted, and the claim checker reads it', async () => {
    const facts = extractFacts(crawlOf('https://smith.example/', page(header + cards('(317) 214-7166'))), NOW);
    const pitched = pitchFindings(facts.findings, 'Tattoo');
    expect(pitched[0]?.id).toBe('phone_mismatch');
    for (const { locale, email, check } of await everyLanguage(pitched, 'https://smith.example/')) {
      expect(email.body, locale).toContain('317-214-7116');
      expect(email.body, locale).toContain('(317) 214-7166');
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated, locale).toContain('phone_mismatch');
    }
  });
});

describe('a home page with no title', () => {
  const titled = (head: string, body = '<h1>Smith Dental</h1><p>Family dentistry in Austin since 1990. Call 512-555-0100 to book a check-up with our team of three dentists and two hygienists, Monday to Saturday.</p>') =>
    noTitleFinding(parse(crawlOf('http://smith.example/', `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`).home!), 'http://smith.example/');

  it('is found when the title is missing or empty, and not when the page has one', () => {
    expect(titled('<meta charset="utf-8">')).toMatchObject({ id: 'no_title', evidence: 'the home page has no <title> element' });
    expect(titled('<title>  </title>')).toMatchObject({ evidence: "the home page's <title> element is empty" });
    expect(titled('<title>Smith Dental</title>')).toBeUndefined();
  });

  it('is found when the title is an editor\'s placeholder, quoted, and not when a name merely contains the word', () => {
    expect(titled('<title>Document</title>')).toMatchObject({ id: 'no_title', quote: 'Document', evidence: 'the home page\'s <title> is "Document", the placeholder an editor or a starter kit gives a new page' });
    expect(titled('<title>Untitled Document</title>')).toMatchObject({ quote: 'Untitled Document' });
    expect(titled('<title>React App</title>')).toMatchObject({ quote: 'React App' });
    expect(titled('<title>Document Shredding Austin | Smith Secure</title>')).toBeUndefined();
  });

  it('says the placeholder title in every language, quoted, backing another point', async () => {
    const facts = extractFacts(crawlOf('http://smith.example/', page('').replace('<title>Smith Dental</title>', '<title>Document</title>')), NOW);
    const pitched = pitchFindings(facts.findings, 'Dental');
    expect(pitched.map((f) => f.id)).toEqual(['no_ssl', 'no_title']);
    for (const { locale, email, check } of await everyLanguage(pitched, 'http://smith.example/')) {
      expect(email.body, locale).toMatch(/["„«]\u202f?Document\u202f?["“”»]/);
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated.sort(), locale).toEqual(['no_ssl', 'no_title']);
    }
  });

  it('is not said of a page whose scripts may write one', () => {
    expect(titled('<title></title><script>document.title = "Smith Dental";</script>')).toBeUndefined();
    expect(titled('<script src="/app.js"></script>', '<div id="root"></div>')).toBeUndefined();
  });

  it('is found on the real page that has none', () => {
    const found = realPages().filter((p) => extractFacts(crawlOfPage(p), NOW).findings.some((f) => f.id === 'no_title'));
    expect(found.map((p) => p.id)).toEqual(['036']);
  });

  it('backs a point in every language, and is never an email alone', async () => {
    const facts = extractFacts(crawlOf('http://smith.example/', page('').replace('<title>Smith Dental</title>', '')), NOW);
    const pitched = pitchFindings(facts.findings, 'Dental');
    expect(pitched.map((f) => f.id)).toEqual(['no_ssl', 'no_title']);
    expect(pitchFindings(facts.findings.filter((f) => f.id === 'no_title'), 'Dental')).toEqual([]);
    for (const { locale, email, check } of await everyLanguage(pitched, 'http://smith.example/')) {
      expect(check.problems, `${locale}: ${email.body}`).toEqual([]);
      expect(check.stated.sort(), locale).toEqual(['no_ssl', 'no_title']);
    }
  });
});
