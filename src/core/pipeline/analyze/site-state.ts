// Whether the home page is a site that can be judged, or only shows that the site is broken:
// an error status, a parking or placeholder page, or a blank page; or only forwards visitors to
// another address. A broken site gets one finding (that it is broken) and no other: an error
// page's missing viewport says nothing about the real site. A forwarding page gets none.
import type { SiteState } from '../../model/analysis.ts';
import type { ParsedPage } from './dom.ts';
import { flashMovies } from './page-faults.ts';
import { bareHost, type HomeFetch } from './issues.ts';

// Parking, for-sale, registrar and hosting pages: the domain has no business's site on it.
const PARKED = [
  /\b(?:this|the) domain (?:name )?(?:is|may be) for sale\b/i,
  /\bbuy this domain\b/i,
  /\bdomain (?:is )?parked\b|\bparked (?:free|domain)\b|\bparking page\b/i,
  /\b(?:sedoparking|parkingcrew|bodis\.com|dan\.com|afternic|hugedomains|domainmarket|aftermarket\.pl)\b/i,
  /\bwebsite (?:is )?coming soon\b|\bfuture home of\b/i,
  /\b(?:account|website) (?:has been )?suspended\b/i,
  /\bno (?:web ?site|website) (?:is )?(?:configured|hosted) (?:at|on|for) this (?:address|domain)\b/i,
  /\bdomena \S+ (?:zosta[lł]a zarejestrowana|jest na sprzeda[zż]|jest zaparkowana)|\bzainteresowany t[aą] domen[aą]|\bnie znajduje si[eę] [zż]aden serwis/i,
];
// A site "coming soon", "under construction", or a web server's default page: only when that is
// nearly all the page says (a real site may list "Strona w budowie" as one of its menu items).
const PLACEHOLDER = [
  /\b(?:site|website|web ?page|homepage) (?:is )?(?:currently )?under construction\b/i,
  /\bwelcome to nginx\b|\bapache2? \w* ?default page\b|\bdefault web ?(?:site )?page\b/i,
  /\b(?:sitio|p[aá]gina) (?:web )?en construcci[oó]n|\bsite (?:web |internet )?en (?:cours de )?construction\b|\b(?:Webseite|Website|Homepage|Seite) (?:ist )?(?:im Aufbau|in Bearbeitung)\b/i,
  /\bsito (?:web )?in (?:costruzione|allestimento)\b|\bsite em constru[çc][ãa]o|\bwebsite (?:is )?in (?:aanbouw|ontwikkeling)\b/i,
  /\bstrona (?:www |internetowa )?w (?:budowie|przygotowaniu)/i,
];
/** "Coming soon" alone: a placeholder only on a page of a few words. */
const SOON = /\bcoming soon\b|\b(?:już|juz) wkr[oó]tce|\bbient[ôo]t\b|\bpr[oó]ximamente\b|\bdemn[äa]chst\b|\bin arrivo\b|\bem breve\b|\bbinnenkort\b/i;
const SOFT_404 = /^(?:404|page not found|not found|error 404|seite nicht gefunden|p[aá]gina no encontrada|page introuvable)\b/i;

const words = (text: string) => text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;

/** The site an address is on, or undefined for an address that is none. */
function siteOf(href: string, base: string): string | undefined {
  try {
    return bareHost(new URL(href, base));
  } catch {
    return undefined;
  }
}

/**
 * A home page that only sends its visitors elsewhere: a frameset that draws the site from another
 * address (a frameset of the site's own pages is its own site, built in frames, and unread), or a
 * redirect the browser follows at once (meta refresh) on a page with next to no text.
 */
function forwards(home: ParsedPage): boolean {
  const base = home.page.finalUrl || home.page.url;
  const own = siteOf(base, base);
  const frames = home.$('frameset frame[src]').toArray().map((f) => f.attribs.src ?? '');
  if (home.$('frameset').length > 0 && (frames.length === 0 || frames.some((src) => siteOf(src, base) !== own))) return true;
  const refresh = home
    .$('meta[http-equiv]')
    .toArray()
    .find((el) => /^refresh$/i.test(el.attribs['http-equiv'] ?? ''));
  return Boolean(refresh && /^\s*[0-5]\s*[;,]\s*url\s*=/i.test(refresh.attribs.content ?? '') && words(home.text) < 150);
}

// A business that says it is closing down for good, in the eight languages ("Poezenhotel Féline
// sluit definitief na de kerstvakantie 2026."): an offer to mend its site is no use to it.
const CLOSING = new RegExp(
  [
    String.raw`\b(?:clos(?:e|es|ing|ed)|shut(?:ting)?)(?: (?:down|our doors))? (?:permanently|for good)\b|\bpermanently closed\b`,
    String.raw`\bsluit(?:en)? (?:\S+ ){0,4}definitief\b|\bdefinitief (?:gesloten|dicht)\b`,
    String.raw`\b(?:schlie(?:ß|ss)(?:t|en)|geschlossen) (?:\S+ ){0,4}(?:endg[üu]ltig|dauerhaft|f[üu]r immer)\b|\b(?:endg[üu]ltig|dauerhaft) geschlossen\b`,
    String.raw`\bferme(?:ra|nt|rons)? (?:ses portes )?d[ée]finitivement\b|\bfermeture d[ée]finitive\b|\bd[ée]finitivement ferm[ée]e?s?\b`,
    String.raw`\bcierr(?:a|an|amos|ar[áa]) (?:sus puertas )?definitivamente\b|\bcierre definitivo\b|\bcerrad[oa]s? definitivamente\b`,
    String.raw`\bchiud(?:e|ono|iamo|er[àa]) (?:\S+ ){0,4}definitivamente\b|\bchiusura definitiva\b|\bchius[oa] definitivamente\b`,
    String.raw`\b(?:encerr|fech)(?:a|am|amos|ar[áa]) (?:as (?:suas )?portas )?definitivamente\b|\bencerramento definitivo\b|\b(?:encerrad|fechad)[oa]s? definitivamente\b`,
    String.raw`\bzamyka(?:my|ją)? (?:si[ęe] )?(?:na sta[łl]e|definitywnie)\b|\bzamkni[ęe]t[ayo] (?:na sta[łl]e|definitywnie)\b|\bzako[ńn]cz(?:y[łl]|ymy|a) dzia[łl]alno[śs][ćc]\b`,
  ].join('|'),
  'iu',
);

/**
 * The sentence in which the home page says the business is closing down for good, quoted as
 * shown, or undefined. A line of its own or a sentence, as the page writes it.
 */
export function closingNotice(text: string): string | undefined {
  const line = text.split('\n').find((l) => CLOSING.test(l));
  // A sentence ends after a word, not after a date's "30." ("schließt zum 30. Juni endgültig").
  const sentence = line?.split(/(?<=\p{L}[.!?])\s+/u).find((part) => CLOSING.test(part))?.trim();
  return sentence && sentence.length <= 200 ? sentence : undefined;
}

/** The state of a fetched home page (status from the crawl log, content from the page). */
export function siteState(fetch: HomeFetch, home: ParsedPage | undefined): SiteState | 'unreadable' {
  const status = fetch.status ?? home?.page.status ?? null;
  if (status !== null && status >= 500) return 'server_error';
  if (status !== null && status >= 400) return 'not_found';
  if (!home) return 'unreadable';
  const title = home.$('title').first().text().trim();
  const text = home.text;
  if (forwards(home)) return 'forwards';
  // A frameset of the site's own pages: what visitors read is in frames the crawl did not read.
  if (home.$('frameset').length > 0) return 'unreadable';
  const seen = `${title}\n${text.slice(0, 5000)}`;
  if (PARKED.some((re) => re.test(seen)) && words(text) < 400) return 'parked';
  if (PLACEHOLDER.some((re) => re.test(seen)) && words(text) < 80) return 'parked';
  if (SOON.test(seen) && words(text) < 15) return 'parked';
  if (SOFT_404.test(title) && words(text) < 150) return 'not_found';
  // A home page that is one Flash movie has next to no text, yet is no blank: it is the finding.
  if (words(text) < 3 && home.$("img").length === 0 && flashMovies(home).length === 0) {
    // A page whose content is drawn by scripts is not blank for its visitors: it is unknown.
    return home.$('script').length > 0 ? 'unreadable' : 'empty';
  }
  return 'ok';
}
