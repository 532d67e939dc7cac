// The business's own name, as it would be written in an email ("Novak Dental", not
// "Novak Dental | Denver's friendly neighborhood dentist"), decided from the witnesses a page
// offers about itself: schema.org `name`, og:site_name, the parts of the title, the logo's alt
// text and the header's brand, the first heading, the copyright holder, and the words that spell
// the domain ("Patel Dental Care" on pateldentalcare.com). A name is
//   - "sure" when two independent witnesses agree on it (the title and the domain, og:site_name
//     and the logo...), and
//   - "likely" when one strong witness (schema.org, og:site_name, a title that is only a name,
//     the logo) says it and nothing contradicts it;
// otherwise there is no name, and the email does without one. Whatever the witnesses say, the
// answer is never a hostname, a slogan, a page title such as "Home", a generic trade noun
// ("Dentists", "Plumber in Denver"), a copyright line (its holder is fine), a web agency's credit,
// nor a page that is not the business's own (a parked domain, a host's placeholder, a redirect,
// a frameset, a "coming soon" page).
import type { Proof } from '../../model/analysis.ts';
import { stringProp, typesOf, type ParsedPage } from './dom.ts';

export type NameConfidence = 'sure' | 'likely';
/** Where a witness was read. */
export type WitnessKind = 'schema.org' | 'og:site_name' | 'title' | 'logo' | 'heading' | 'copyright' | 'text' | 'domain';

export interface NameWitness {
  kind: WitnessKind;
  /** The witness as the page writes it, quoted in the evidence. */
  quote: string;
}

export interface BusinessName {
  name: string;
  confidence: NameConfidence;
  /** The witnesses that agree on the name, strongest first. */
  evidence: NameWitness[];
  /** For SiteFacts.evidence.business_name: confidence 0.95 when sure, 0.8 when likely. */
  proof: Proof;
}

// ---------------------------------------------------------------------------------------------
// Words and shapes that are never a business's name.

const GENERIC = new RegExp(
  '^(?:home|home ?page|homepage|welcome|index|start|main|official (?:web)?site|untitled|contact|contact us|kontakt|contacto|contatti|impressum|imprint|' +
    'about|about us|[uü]ber uns|o nas|o firmie|inicio|accueil|startseite|strona g[łl][óo]wna|g[łl][óo]wna|bienvenid[oa]s?|bienvenue|willkommen|witamy|galerie|gallery|' +
    'galeria|menu|services|our services|leistungen|oferta|offer|blog|news|aktualno[sś]ci|shop|sklep|book online|booking|terminvereinbarung|' +
    'privacy policy|datenschutz|404|not found|page not found|error|strona nie istnieje|seite nicht gefunden|b[łl][aą]d 404.*|error 404.*|logo)$',
  'i',
);
const NOT_BUSINESS = /^(WebSite|WebPage|BreadcrumbList|ListItem|ImageObject|Article|BlogPosting|Person|SearchAction|SiteNavigationElement|Product|Offer|Review|FAQPage|Question|Answer|Event|Course|Service|Menu|MenuItem|VideoObject|CollectionPage|ItemList|ContactPoint|PostalAddress|Place|GeoCoordinates|OpeningHoursSpecification|AggregateRating|Rating|Thing)$/;

// Trade nouns and the filler around them, in the languages the product meets. A candidate made
// only of these ("Dentists", "Pompy Ciepla", "Dom wakacyjny") names a trade, not a business.
const TRADE = new Set(
  (
    'dentist dentists dentistry dental dentiste dentistes zahnarzt zahnarztpraxis zahnärzte dentista dentistas stomatolog stomatologia orthodontist ortodoncja ortodoncji ' +
    'plumber plumbers plumbing heating hvac roofer roofers roofing roof electrician electricians electrical contractor contractors builder builders construction ' +
    'cleaning cleaners cleaner services service company companies business salon salons spa spas beauty hair hairdresser hairdressers barber barbers barbershop ' +
    'nails nail lashes lash brows massage massages therapy therapist therapists physiotherapy physiotherapie physio fisioterapia fizjoterapia chiropractor chiropractic ' +
    'psychotherapy psychotherapie psychotherapist clinic clinics klinik klinika clinique practice praxis cabinet gabinet kancelaria lawyer lawyers attorney attorneys law ' +
    'avocat avocats barreau anwalt anwälte rechtsanwalt adwokat adwokacka notary accountant accountants accounting treuhand steuerberater ' +
    'restaurant restaurants restauracja ristorante cafe café cafes coffee bar bars bistro pizzeria pizza pizzas bakery bakeries boulangerie bäckerei piekarnia panaderia ' +
    'brewery brewing winery hotel hotels motel pension apartments noclegi agroturystyka dom domek wakacyjny letniskowy holiday house cottage ' +
    'tattoo tattoos studio studios shop shops store stores sklep serwis garage werkstatt carrosserie autohaus mechanic mechanics tyres tires opony wulkanizacja ' +
    'pompy pompa ciepla ciepła heat pump pumps agencja ochrony security nieruchomosci nieruchomości immobilien real estate realty ' +
    'wypozyczalnia wypożyczalnia kajakow kajaków splywy spływy kajakowe coiffure coiffeur friseur friseure peluqueria peluquería ' +
    'design designs web website websites marketing agency agentur photography photographer photographers florist flowers ' +
    'dentists. plumbers. experts expert specialists specialist professionals professional team'
  ).split(/\s+/),
);
const FILLER = new Set(
  ('the a an and & of for in near at on your our my best top quality local affordable trusted professional family friendly leading premier expert experts ' +
    'und der die das für im in bei von fur w we i oraz dla na z et de la le les des du à au aux pour en y el los las para del con da di il').split(' '),
);
// A trade in a place: "Plumber in Denver", "Zahnarzt in Bern", "Dentysta w Krakowie".
const TRADE_IN_PLACE = /^(?:[\p{L}'’-]+\s+){0,3}(?:in|near|for|w|we|im|à|a|en|serving)\s+\p{Lu}/u;
// What a slogan says and a name does not.
const SLOGAN_WORDS =
  /\b(?:we|our|ours|you|your|yours|us|since|welcome|making|helping|happen|surrounding|wir|unser|unsere|ihr|ihre|nous|notre|nos|votre|vos|nasz|nasza|nasze|twój|twoja|pomagamy|zapraszamy|nuestro|nuestra|su|tu)\b/i;
// A web agency's credit, cut from a copyright line and never a name.
const CREDIT = /(?:website|web ?site|web ?design|webdesign|branding|designed|design by|developed|development|powered|created|built|hosted|realizacja|projekt i wykonanie|wykonanie|oprogramowanie|r[ée]alisation|conception|erstellt|umsetzung|gestaltung|dise[ñn]o)\b|\bby\s+\p{Lu}/iu;
// A call to action or an invitation starts with a verb ("Schedule an appointment now", "Odkryj piękno...").
const IMPERATIVE =
  /^(?:schedule|book|call|get|order|buy|make|find|discover|contact|request|see|visit|shop|explore|learn|join|try|start|meet|let's|enjoy|experience|click|read|view|check|odkryj|poznaj|sprawd[zź]|zobacz|zadzwo[nń]|um[oó]w|zapraszamy|zam[oó]w|entdecken|entdecke|buchen|rufen|kontaktieren|besuchen|d[ée]couvrez|r[ée]servez|appelez|contactez|descubre|reserva|llama|llámanos|scopri|prenota|chiama)\b/i;
const LEGAL = /(?:,?\s+(?:gmbh|ag|sa|sàrl|sarl|s\.?a\.?r\.?l\.?|ltd\.?|limited|llc|inc\.?|corp\.?|co\.?|pvt\.?(?:\s+ltd\.?)?|pty\.?(?:\s+ltd\.?)?|plc|s\.?c\.?|sp\.?\s*z\s*o\.?\s*o\.?|sp\.?\s*j\.?|kg|ohg|e\.?k\.?|bv|b\.v\.|nv|srl|s\.r\.l\.|spa|s\.p\.a\.))+\.?$/i;
const TLD = /[.,]\s?(?:com|net|org|info|biz|pl|de|fr|es|it|ch|at|nl|be|uk|co\.uk|com\.pl|com\.au|com\.tr|ca|us|eu|io|tr)$/i;
const HOSTNAME = /^(?:https?:\/\/)?(?:www\.)?[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[a-z]{2,}(?:\/\S*)?$/iu;
// A page that is not the business's own: a registrar's parking page, a host's placeholder, a
// redirect, a "coming soon" page.
const PLACEHOLDER =
  /\b(?:zosta[łl]a zarejestrowana w serwisie|utrzymywana (?:jest )?na serwerach|nie znajduje si[eę] [zż]aden serwis|domain (?:is )?(?:parked|for sale)|this domain (?:name )?(?:is|may be) for sale|buy this domain|(?:is|has been) registered (?:at|with|by)|domain (?:names? )?(?:registered|reserved) (?:at|with|by)|diese domain (?:ist|wurde)|domaine? (?:est )?(?:réservé|enregistré)|redirecting to|you are being redirected|if you are not redirected|coming soon|site (?:is )?under construction|en construcción|en construction|bientôt disponible|demnächst (?:online|verfügbar)|im aufbau|juz wkrotce|już wkrótce|strona w budowie|website (?:is )?coming soon|future home of)\b/i;

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l');
const squash = (s: string) => fold(s).replace(/[^a-z0-9]/g, '');
const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s|·•»:,;–—\-"'“”„«»/\\*]+|[\s|·•»:,;–—\-"'“”„«»/\\*]+$/g, '')
    .replace(/^(?:the\s+)+(?=the\s)/i, '')
    .trim();
const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);

/** A name's identity for agreement: no case, accents, legal form, leading article or punctuation. */
export function nameKey(s: string): string {
  return squash(tidy(s).replace(LEGAL, '').replace(/^the\s+/i, ''));
}

/** True for a bare hostname or URL ("kajakersi.pl", "www.x.com/contact"). */
export const isHostname = (s: string) => HOSTNAME.test(s.trim()) && !/\s/.test(s.trim());

/** True when every word is a trade noun or filler ("Dentists", "Pompy Ciepla"), or it is a trade in a place ("Plumber in Denver"). */
export function isGenericNoun(s: string): boolean {
  const words = wordsOf(fold(tidy(s)).replace(/[^\p{L}0-9&'’ -]/gu, ' '));
  if (words.length === 0) return true;
  if (words.every((w) => TRADE.has(w) || FILLER.has(w))) return true;
  // "Plumber in Denver", "Quality plumbers for Denver": the first word that is not filler is a trade.
  const first = words.find((w) => !FILLER.has(w)) ?? '';
  return TRADE.has(first) && TRADE_IN_PLACE.test(tidy(s));
}

/** True for a slogan or tagline rather than a name: a sentence, a claim, a call to action. */
export function isSlogan(s: string): boolean {
  const t = tidy(s);
  const n = wordsOf(t).length;
  if (/[!?]/.test(t) || n > 8) return true;
  if (IMPERATIVE.test(t)) return true;
  if (SLOGAN_WORDS.test(t) && n >= 2) return true;
  // Several words, all lower case and not a brand: a phrase ("pomagamy od 12 lat").
  return n >= 3 && t === t.toLowerCase() && !/[&]/.test(t) && /\b(?:od|since|seit|depuis|desde|for|with|and)\b/.test(t);
}

/** Why a candidate can never be a name, or undefined when it can. */
export function notAName(s: string | undefined): string | undefined {
  const t = tidy(s ?? '');
  if (t.length < 2 || t.length > 60 || !/\p{L}/u.test(t)) return 'empty or too long';
  if (isHostname(t) || /@|https?:|\bwww\./i.test(t)) return 'a hostname';
  if (wordsOf(t).length > 1 && wordsOf(t).some((w) => /^[\p{L}0-9-]+\.(?:com|net|org|pl|de|fr|es|it|ch|at|nl|uk|eu|io)\b/iu.test(w))) return 'a phrase around a hostname';
  if (/^(?:©|\(c\)|copyright\b)|all rights reserved|alle rechte|wszelkie prawa|tous droits|todos los derechos|tutti i diritti/i.test(t)) return 'a copyright line';
  if (CREDIT.test(t) && /\b(?:by|von|par|por|przez)\b|realizacja|wykonanie|powered/i.test(t)) return "a web agency's credit";
  if (GENERIC.test(t)) return 'a page title';
  if (isGenericNoun(t)) return 'a generic trade noun';
  if (isSlogan(t)) return 'a slogan';
  return undefined;
}
export const usable = (s: string | undefined): s is string => notAName(s) === undefined;

const LEGAL_CASE: Record<string, string> = { gmbh: 'GmbH', ag: 'AG', sa: 'SA', llc: 'LLC', ltd: 'Ltd', inc: 'Inc', sarl: 'SARL', kg: 'KG' };
/** "ESPACE THÉRAPIE" → "Espace Thérapie", "the hive organic salon" → "The Hive Organic Salon", "kajakersi.pl" → "Kajakersi"; mixed case is kept as written. */
export function asWritten(s: string, deliberate = false): string {
  const bare = tidy(s).replace(TLD, '');
  // One word is a brand, written as the brand writes it ("BE-BIKE", "med&motion").
  if (!/\s/.test(bare)) return bare;
  const core = bare.replace(LEGAL, '');
  const shouting = core === core.toUpperCase() && /\p{Lu}{4}/u.test(core);
  const flat = bare === bare.toLowerCase();
  // A name the page writes in lower case more than once is its style ("ms bauleitungen gmbh").
  if ((!shouting && !flat) || (flat && deliberate)) return bare;
  return bare
    .split(/([\s&/-]+)/)
    .map((piece) => {
      if (/^[\s&/-]*$/.test(piece)) return piece;
      // Short capitals are initials ("ABN", "A&C"), kept as written when shouting.
      if (shouting && piece.length <= 3 && !FILLER.has(piece.toLowerCase())) return piece;
      const lower = piece.toLowerCase();
      return LEGAL_CASE[lower] ?? lower.replace(/^\p{L}/u, (c) => c.toUpperCase());
    })
    .join('');
}

// Words that finish a business's name after the part that spells the domain ("Vertigo Coffee" Roasters).
const NAME_ENDS = /^(?:&|and|services?|roasters?|centre|center|clinic|salon|spa|studio|house|bar|grill|caf[eé]|restaurant|bakery|shop|store|co\.?|company|inc\.?|llc|ltd\.?|ag|gmbh|group|tattoo|dental|care|day|tap|pizza|kitchen|media|design|law|partners)$/i;
// Words that start a business's name before the part that spells the domain ("Studio" BioKosmetyka, "Gabinet Ortodoncji ..." Loster).
const NAME_HEADS = /^(?:studio|gabinet|kancelaria|praxis|cabinet|clinique|klinika|salon|atelier|biuro|centrum|zak[łl]ad|restauracja|pizzeria|hotel|pension|cafe|caf[eé]|boulangerie|coiffure|coiffeur|garage|dom|the)$/i;

/** The label that names the business in the host: "pateldentalcare" in www.pateldentalcare.com, "almar" in almar.partneropony.pl. */
export function hostLabel(url: string): string {
  try {
    const parts = new URL(url).hostname.replace(/^www\./, '').split('.');
    return squash(parts.length > 2 && parts[parts.length - 2].length <= 3 ? parts[parts.length - 3] : parts[0]);
  } catch {
    return '';
  }
}

const SEPARATORS = /\s+[|·•»:~–—-]\s+|\s*(?:\||::|–|—|»)\s*|,\s+/;
/** Title parts: "Home | Smith Plumbing – Austin's plumber" → ["Smith Plumbing", "Austin's plumber"]. */
export function titleParts(title: string): string[] {
  return title
    .split(SEPARATORS)
    .map((p) => tidy(p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, '')))
    .filter(usable);
}

/**
 * The words of `text` that together spell the domain's label, as written, with the words that
 * finish such a name after them ("CAP's Pizza" & Tap House) and a word that starts one before them
 * ("Studio" BioKosmetyka); undefined when none spell it.
 */
export function domainRun(text: string, label: string): string | undefined {
  if (label.length < 3) return undefined;
  for (const part of text.split(SEPARATORS)) {
    // Social handles (@name, #name) are not how a business writes its name.
    const words = part.split(/[\s;()]+/).filter((w) => w && !/^[@#]/.test(w));
    for (let i = 0; i < words.length; i++) {
      let joined = '';
      for (let j = i; j < words.length && j < i + 6; j++) {
        // A word that is the domain itself ("kajakersi.pl") spells it too.
        joined += squash(words[j].replace(TLD, ''));
        if (joined === label) {
          const rest = words.slice(j + 1);
          const ends = rest.length <= 3 && rest.length > 0 && rest.every((w) => NAME_ENDS.test(w) || /^\p{Lu}/u.test(w)) && NAME_ENDS.test(rest[0]) ? rest : [];
          // A name's head word before the run: the whole short line from it ("Gabinet Ortodoncji Prof. dr hab. Bartlomiej W. Loster").
          const head = words.slice(0, i).findIndex((w) => NAME_HEADS.test(w));
          const start = head >= 0 && i - head <= 7 && words.slice(head, i).every((w) => /^(?:\p{Lu}|dr\b|hab\b|n\.|med\b|d'|de\b|du\b|la\b)/u.test(w) || NAME_HEADS.test(w)) ? head : i;
          return tidy([...words.slice(start, j + 1), ...ends].join(' ').replace(/(?<!\b(?:Co|Inc|Ltd|Corp|Bros|Jr|Sr))[.,]+$/i, ''));
        }
        if (!label.startsWith(joined)) break;
      }
    }
  }
  return undefined;
}

/**
 * How well a name matches the domain: 2 when its initials start the label ("Esseiva Tornare
 * Python" on etp-avocats.ch), 1 when most of its longer words are in the label, else 0.
 */
export function namesDomain(name: string, label: string): number {
  const capitals = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  if (capitals.length >= 3 && label.startsWith(squash(capitals.slice(0, 3).map((w) => w[0]).join('')))) return 2;
  const words = fold(name).split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
  return label.length > 0 && words.length > 0 && words.filter((w) => label.includes(w)).length >= Math.ceil(words.length / 2) ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Reading the witnesses.

interface Reading {
  kind: WitnessKind;
  /** The candidate name this reading offers. */
  text: string;
  /** What the page writes, for the evidence. */
  quote: string;
  /** A title that is only this name (no other part): as strong as og:site_name. */
  whole?: boolean;
}

const CREDENTIALED = /\b(?:Dr\.?\s+)?\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)?\s(\p{Lu}\p{Ll}+),?\s(?:DDS|DMD|MD|DC|DVM|OD|CPA|Esq\.?)\b/u;
const LOGO = /logo|brand|site-?title|site-?name/i;

function logoTexts(page: ParsedPage): Reading[] {
  const $ = page.$;
  const out: Reading[] = [];
  let seen = 0;
  $('img').each((_, img) => {
    const a = img.attribs;
    if (!LOGO.test(`${a.class ?? ''} ${a.id ?? ''} ${a.src ?? ''} ${a.alt ?? ''}`)) return;
    // The site's own logo sits in the header or links home; partners' logos further down do not name it.
    const home = $(img).closest('a').attr('href') ?? '';
    const inHeader = $(img).closest('header, nav, #header, .header, [class*="navbar"], [class*="logo"], [id*="logo"]').length > 0;
    if (seen++ >= 2 && !inHeader && !/^(?:\/|\.\/|#|index\.\w+|https?:\/\/[^/]+\/?)$/i.test(home)) return;
    const alt = tidy((a.alt ?? '').replace(/\b(?:company\s+)?logo(?:\s+(?:de\s+la\s+empresa|of|for))?\b/gi, ' '));
    if (alt) out.push({ kind: 'logo', text: alt, quote: `the logo's alt text "${a.alt}"` });
  });
  $('.navbar-brand, .logo, #logo, .site-title, .site-name, .brand, [class*="logo-text"]').each((_, el) => {
    const text = tidy($(el).text());
    if (text && text.length <= 60) out.push({ kind: 'logo', text, quote: `the header's brand "${text}"` });
  });
  return out.slice(0, 8);
}

/** The holder of a copyright line, without the year, the rights clause or a web agency's credit. */
export function copyrightHolder(line: string): string | undefined {
  const m = /(?:(?:©|\(c\)|&copy;|\bcopyright\b)\s*)+(?:\d{4}\s*(?:[-–]\s*\d{4})?)?\s*[,.:-]?\s*(.+)$/i.exec(line);
  if (!m) return undefined;
  let holder = m[1];
  const credit = CREDIT.exec(holder);
  if (credit) holder = holder.slice(0, credit.index);
  holder = holder
    .split(/\s*(?:[|•·]|\.\s|\s-\s|all rights|alle rechte|wszelkie|tous droits|todos los|tutti i|reserved)/i)[0]
    .replace(/\s*\d{4}\s*$/, '')
    .replace(/\s+\d{4}$/, '');
  holder = tidy(holder.replace(/[.,;:]+$/, ''));
  return holder && !/^\d+$/.test(holder) ? holder : undefined;
}

function copyrightReadings(page: ParsedPage, host: string): Reading[] {
  const $ = page.$;
  const out: Reading[] = [];
  // A copyright line that links to another site is the web agency's ("Copyright © Galeria Biznesu").
  const agencyTexts = new Set<string>();
  $('a[href]').each((_, a) => {
    const href = a.attribs.href ?? '';
    const text = $(a).text();
    if (!/©|copyright|\(c\)/i.test(text)) return;
    try {
      const linked = new URL(href, page.page.finalUrl || page.page.url).hostname.replace(/^www\./, '');
      if (linked && linked !== host) agencyTexts.add(squash(text));
    } catch {
      /* a link that is not a URL says nothing */
    }
  });
  for (const line of page.text.split('\n')) {
    if (!/©|\(c\)|copyright/i.test(line) || line.length > 300) continue;
    if (agencyTexts.has(squash(line))) continue;
    const holder = copyrightHolder(line);
    if (holder) out.push({ kind: 'copyright', text: holder, quote: `the copyright line "${line.slice(0, 100)}"` });
  }
  return out.slice(0, 3);
}

function readings(home: ParsedPage, pages: ParsedPage[], label: string, host: string): Reading[] {
  const $ = home.$;
  const out: Reading[] = [];
  for (const o of pages.flatMap((p) => p.jsonLd)) {
    const types = typesOf(o);
    const business = types.some((t) => !NOT_BUSINESS.test(t));
    for (const key of business ? ['name', 'legalName', 'alternateName'] : types.includes('WebSite') ? ['name'] : []) {
      const v = stringProp(o, key);
      // A legal name often carries an address or a unit after a comma.
      if (v) out.push({ kind: 'schema.org', text: key === 'legalName' ? v.split(',')[0] : v, quote: `schema.org ${key} "${v}"` });
    }
  }
  for (const sel of ['meta[property="og:site_name" i]', 'meta[name="application-name" i]', 'meta[name="apple-mobile-web-app-title" i]']) {
    const v = tidy($(sel).attr('content') ?? '');
    if (v) out.push({ kind: 'og:site_name', text: v, quote: `${sel.includes('og:') ? 'og:site_name' : 'the app name'} "${v}"` });
  }
  const title = $('title').first().text().replace(/\s+/g, ' ').trim();
  if (title && !isHostname(title)) {
    const parts = title.split(SEPARATORS).map((p) => tidy(p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, ''))).filter(Boolean);
    const named = parts.filter((p) => !GENERIC.test(p));
    for (const p of parts) out.push({ kind: 'title', text: p, quote: `the title "${title.slice(0, 120)}"`, whole: named.length === 1 && named[0] === p && wordsOf(p).length <= 5 });
  }
  out.push(...logoTexts(home));
  // A logo file named with the name's words ("the-hive-organic-salon-logo-01.png"); one word is only the host.
  $('img').each((_, img) => {
    const src = img.attribs.src ?? '';
    if (!/logo/i.test(src)) return;
    const words = decodeURIComponent(src.split(/[?#]/)[0].split('/').pop() ?? '').replace(/\.\w+$/, '').replace(/\blogo\b.*$/i, '').split(/[-_\s]+/).filter((w) => /^\p{L}+$/u.test(w));
    if (words.length >= 2 && squash(words.join('')) === label) out.push({ kind: 'logo', text: words.join(' '), quote: `the logo image "${src.slice(0, 100)}"` });
  });
  // A practice named after its doctor: "Richard M. Dervin DDS" on dervindental.com.
  for (const r of [...out]) {
    const m = CREDENTIALED.exec(r.text);
    if (m && label.includes(squash(m[1]))) out.push({ kind: r.kind, text: m[0], quote: r.quote });
  }
  const h1 = tidy($('h1').first().text());
  if (h1) for (const p of [h1, ...h1.split(SEPARATORS)]) out.push({ kind: 'heading', text: tidy(p), quote: `the heading "${h1.slice(0, 100)}"` });
  out.push(...copyrightReadings(home, host));
  // A line of text that is the heading or the header's brand is the same element, not another witness.
  const shown = new Set([h1, ...out.filter((r) => r.kind === 'logo').map((r) => r.text)].map((t) => squash(t)));
  for (const line of home.text.split('\n').slice(0, 60)) if (line.length <= 80 && !shown.has(squash(line))) out.push({ kind: 'text', text: line, quote: `the page's text "${line}"` });
  // The words that spell the domain, wherever they are written (not in a file name or a URL).
  if (label) {
    // A run inside a reading that is itself a name is part of that name, not a second witness.
    for (const r of [...out]) {
      if (!squash(r.text).includes(label.slice(0, 3))) continue;
      const run = domainRun(r.text, label)?.replace(TLD, '');
      if (run && run !== r.text && !usable(r.text)) out.push({ kind: r.kind, text: run, quote: r.quote });
    }
    const lines = home.text.split('\n').slice(0, 400);
    lines.forEach((line, i) => {
      if (!squash(line).includes(label)) return;
      // A sign written over two lines: "Gabinet Ortodoncji" above "Prof. dr hab. Bartlomiej W. Loster".
      const prev = lines[i - 1] ?? '';
      const sign = wordsOf(prev).length <= 3 && NAME_HEADS.test(wordsOf(prev)[0] ?? '') && isGenericNoun(prev) ? `${prev} ${line}` : '';
      for (const text of sign ? [sign, line] : [line]) {
        if (text === line && i < 60 && line.length <= 80) continue;
        const run = domainRun(text, label)?.replace(TLD, '');
        if (run) out.push({ kind: 'domain', text: run, quote: `the page's text "${text.slice(0, 80)}"` });
      }
    });
  }
  return out.filter((r) => r.text);
}

// How much one witness counts. A title part is strong when the title is only the name.
const WEIGHT: Record<WitnessKind, number> = { 'schema.org': 3, 'og:site_name': 3, title: 2, logo: 2, heading: 1.5, copyright: 1.5, text: 0.5, domain: 0 };
const STRONG: WitnessKind[] = ['schema.org', 'og:site_name', 'title', 'logo', 'heading', 'copyright'];
const ORDER: WitnessKind[] = ['schema.org', 'og:site_name', 'title', 'logo', 'heading', 'copyright', 'domain', 'text'];

interface Candidate {
  key: string;
  text: string;
  readings: Reading[];
  kinds: Set<WitnessKind>;
  /** The name spells the domain. */
  spelled: boolean;
  /** The name spells, contains or abbreviates the domain. */
  domain: boolean;
}

/** Initials: "TLD" for "The London Dolls". */
const initials = (s: string) => wordsOf(tidy(s)).map((w) => w[0] ?? '').join('').toLowerCase();

function isPlaceholder(home: ParsedPage): boolean {
  const $ = home.$;
  if ($('frameset, frame').length > 0 && home.text.split(/\s+/).length < 80) return true;
  const refresh = $('meta[http-equiv="refresh" i]').attr('content') ?? '';
  if (/url=/i.test(refresh) && home.text.split(/\s+/).length < 80) return true;
  const title = $('title').first().text();
  return PLACEHOLDER.test(`${title}\n${home.text.slice(0, 3000)}`) && home.text.split(/\s+/).length < 400;
}

/** The business's name on a site, with how sure it is and the witnesses that agree; undefined when no name is sure enough. */
export function businessName(home: ParsedPage, pages: ParsedPage[]): BusinessName | undefined {
  const url = home.page.finalUrl || home.page.url;
  let host = '';
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    /* no host, no domain witness */
  }
  if (isPlaceholder(home)) return undefined;
  const label = hostLabel(url);
  const all = readings(home, pages, label, host);

  const byKey = new Map<string, Candidate>();
  for (const r of all) {
    const text = tidy(r.text);
    // A name made of trade words ("Trusted Garage") stays a candidate, to win only as the domain's own name.
    if (!usable(text) && !(notAName(text) === 'a generic trade noun' && wordsOf(text).length >= 2 && !TRADE_IN_PLACE.test(text))) continue;
    const key = nameKey(text);
    if (key.length < 2) continue;
    let c = byKey.get(key);
    if (!c) {
      c = { key, text, readings: [], kinds: new Set(), spelled: false, domain: false };
      byKey.set(key, c);
    }
    c.readings.push({ ...r, text });
    c.kinds.add(r.kind);
  }
  const candidates = [...byKey.values()];
  for (const c of candidates) {
    // Spelled: the name is the words that spell the domain ("Patel Dental Care", "CAP's Pizza & Tap House").
    c.spelled = label.length >= 3 && (c.key === label || domainRun(c.text, label) === c.text);
    const doctor = CREDENTIALED.exec(c.text);
    c.domain = c.spelled || Boolean(doctor && label.includes(squash(doctor[1]))) || (label.length >= 3 && ((c.key.includes(label) && label.length >= 5) || (label.includes(c.key) && c.key.length >= 5) || namesDomain(c.text, label) > 0));
  }
  // A name that spells the domain takes the witnesses of its own shorter forms ("The Hive" in
  // the title for "The Hive Organic Salon" in the logo); an abbreviation supports the long form
  // it abbreviates ("TLD" for "The London Dolls").
  for (const long of candidates) {
    for (const short of candidates) {
      if (short === long) continue;
      const part = long.spelled && short.key.length >= 4 && long.key.length > short.key.length && (long.key.startsWith(short.key) || long.key.endsWith(short.key));
      const abbreviation = short.key.length >= 2 && short.key.length <= 5 && wordsOf(short.text).length === 1 && wordsOf(long.text).length >= 2 && initials(long.text) === short.key;
      if (part || abbreviation) short.kinds.forEach((k) => long.kinds.add(k));
    }
  }
  const hasStrong = (c: Candidate) => [...c.kinds].some((k) => STRONG.includes(k));
  const score = (c: Candidate) => {
    let s = 0;
    for (const k of c.kinds) s += k === 'title' && c.readings.some((r) => r.kind === 'title' && r.whole) ? 3 : WEIGHT[k];
    // A phrase that spells the domain is a witness of its own; one word the page only mentions ("msplus") barely is.
    if (c.spelled) s += hasStrong(c) || wordsOf(c.text).length >= 2 ? 3 : 0.5;
    else if (c.domain && hasStrong(c)) s += 1.5;
    return s;
  };
  const ranked = candidates
    .filter((c) => hasStrong(c) || c.spelled)
    .filter((c) => usable(c.text) || (c.key === label && [...c.kinds].filter((k) => STRONG.includes(k)).length >= 2))
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || Number(b.c.spelled) - Number(a.c.spelled) || a.c.text.length - b.c.text.length);
  const best = ranked[0]?.c;
  if (!best) return undefined;

  const strong = [...best.kinds].filter((k) => STRONG.includes(k));
  // A line of the page that is only the name (a header, an address block) is a witness too.
  const agreeing = strong.length + (best.domain ? 1 : 0) + (best.kinds.has('text') ? 1 : 0);
  const whole = best.readings.some((r) => r.kind === 'title' && r.whole);
  let confidence: NameConfidence | undefined;
  if (agreeing >= 2) confidence = 'sure';
  else if (strong.some((k) => k === 'schema.org' || k === 'og:site_name' || k === 'logo') || whole) confidence = 'likely';
  if (!confidence) return undefined;

  const evidence: NameWitness[] = [];
  for (const kind of ORDER) {
    const r = best.readings.find((x) => x.kind === kind);
    if (r && !evidence.some((e) => e.quote === r.quote)) evidence.push({ kind, quote: r.quote });
  }
  if (best.domain) evidence.push({ kind: 'domain', quote: `the domain ${host}` });
  // Written as the page writes it best: words apart rather than joined by hyphens, from the strongest witness.
  const forms = best.readings.filter((r) => !isHostname(r.text));
  const spaced = forms.filter((r) => /\s/.test(r.text) || !/[-_]/.test(r.text));
  const shown = (spaced.length ? spaced : forms).sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))[0]?.text ?? best.text;
  const lowered = new Set(best.readings.filter((r) => r.text === r.text.toLowerCase() && /\p{L}/u.test(r.text)).map((r) => r.kind));
  const name = asWritten(shown, lowered.size >= 2);
  const detail = evidence.length === 1 ? evidence[0].quote : `${evidence.slice(0, -1).map((e) => e.quote).join(', ')} and ${evidence[evidence.length - 1].quote} agree`;
  return { name, confidence, evidence, proof: { url, detail, confidence: confidence === 'sure' ? 0.95 : 0.8 } };
}
