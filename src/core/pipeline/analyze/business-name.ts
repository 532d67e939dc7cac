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
import { siteState } from './site-state.ts';
import { copyrightReadings, imprintReadings, logoTexts, type Reading, type WitnessKind } from './name-witnesses.ts';
import { isKeywordPhrase, isPlaceName, isSearchTerm, oneEditApart, placesOf, withoutTrailingPlace } from './name-keywords.ts';
import { CREDIT, FILLER, GENERIC, NAME_HEADS, NOT_BUSINESS, TLD, TRADE, TRADE_IN_PLACE, asWritten, domainRun, hostLabel, isGenericNoun, isHostname, nameKey, namesDomain, notAName, projectOf, splitParts, squash, tidy, usable, wordsOf } from './name-shapes.ts';

export type NameConfidence = 'sure' | 'likely';
export type { WitnessKind } from './name-witnesses.ts';
export { copyrightHolder } from './name-witnesses.ts';

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
// Reading the witnesses.

const CREDENTIALED = /\b(?:Dr\.?\s+)?\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)?\s(\p{Lu}\p{Ll}+),?\s(?:DDS|DMD|MD|DC|DVM|OD|CPA|Esq\.?)\b/u;

/** Capitalised words (two to six), then four or more in lower case: a name and the keywords stuffed after it. */
const BEFORE_KEYWORDS = /^((?:\p{Lu}[\p{L}'&.-]*\s+){1,5}\p{Lu}[\p{L}'&.-]*)\s+(?:\p{Ll}[\p{L}-]*\s+){3,}\p{Ll}/u;

function readings(home: ParsedPage, pages: ParsedPage[], label: string, host: string, addressed: WitnessKind[], places: Set<string>): Reading[] {
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
    // The page's own name, as its address spells it ("Robots" on /robots.txt, "Kontakt" on /kontakt), names no business.
    // A Pages project's own folder ("/kaliprzeprowadzki/") is the site, not one of its pages.
    const pageUrl = home.page.finalUrl || home.page.url;
    const segments = new URL(pageUrl, 'http://x/').pathname.split('/').filter(Boolean).slice(projectOf(pageUrl) ? 1 : 0);
    const slug = squash(decodeURIComponent(segments.pop() ?? '').replace(/\.\w+$/, ''));
    const all = splitParts(title).map((p) => tidy(p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, ''))).filter(Boolean);
    const parts = all.length > 1 ? all.filter((p) => !(slug.length >= 3 && squash(p) === slug)) : all;
    // "Cosmetic Studio Nada Bartl, Ravensburg": the town beside the name leaves the title only the name.
    const named = parts.filter((p) => !GENERIC.test(p) && !isPlaceName(p, places));
    // "Lopez Plumbing - Fresno, CA": a part before a state's or country's code is a place, and the code no name.
    const code = (p: string | undefined) => /^\p{Lu}{2}$/u.test(p ?? '');
    for (const p of parts.filter((p, i) => !code(parts[i + 1]) && !(i > 0 && code(p)))) {
      const quote = `the title "${title.slice(0, 120)}"`;
      out.push({ kind: 'title', text: p, quote, whole: named.length === 1 && named[0] === p && wordsOf(p).length <= 5 });
      // "Salon Fryzjersko -Kosmetyczny Czylkowscy w Rumi": the name before the town it is in.
      const bare = withoutTrailingPlace(p);
      if (bare) out.push({ kind: 'title', text: bare, quote, whole: named.length === 1 && named[0] === p && wordsOf(bare).length <= 5 });
      // A name before the keywords stuffed after it ("Uslugi Slusarsko-Spawalnicze Andrzej Pieniak konstrukcje balustrady spawanie…").
      const lead = BEFORE_KEYWORDS.exec(p)?.[1];
      if (lead) out.push({ kind: 'title', text: lead, quote, whole: named.length === 1 && named[0] === p });
    }
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
  // A heading with a tagline after a dash ("ABC pięknej wymowy – zajęcia ogólnorozwojowe dla dzieci") offers its parts, not the whole.
  const headingParts = h1 ? splitParts(h1) : [];
  const tagged = headingParts.length > 1 && /\s[|–—-]\s/.test(h1);
  if (h1) for (const p of tagged ? headingParts : [h1, ...headingParts]) out.push({ kind: 'heading', text: tidy(p), quote: `the heading "${h1.slice(0, 100)}"` });
  out.push(...copyrightReadings(home, host), ...imprintReadings(home));
  // A line of text that is the heading or the header's brand is the same element, not another witness.
  const shown = new Set([h1, ...out.filter((r) => r.kind === 'logo').map((r) => r.text)].map((t) => squash(t)));
  // A web maker's credit ("Wykonanie strony: Adrian Chudy") names the maker, not the business.
  for (const line of home.text.split('\n').slice(0, 60)) if (line.length <= 80 && !shown.has(squash(line)) && !CREDIT.test(line)) out.push({ kind: 'text', text: line, quote: `the page's text "${line}"` });
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
      if (!squash(line).includes(label) || CREDIT.test(line)) return;
      // A sign written over two lines: "Gabinet Ortodoncji" above "Prof. dr hab. Bartlomiej W. Loster".
      const prev = lines[i - 1] ?? '';
      const sign = wordsOf(prev).length <= 3 && NAME_HEADS.test(wordsOf(prev)[0] ?? '') && isGenericNoun(prev) ? `${prev} ${line}` : '';
      for (const text of sign ? [sign, line] : [line]) {
        if (text === line && i < 60 && line.length <= 80) continue;
        const run = domainRun(text, label)?.replace(TLD, '');
        if (run) out.push({ kind: 'domain', text: run, quote: `the page's text "${text.slice(0, 80)}"` });
      }
    });
    // Where a page whose title or logo only gives its address spells it out: its description, its links' titles ("Contatti Fersina Viaggi").
    const description = tidy($('meta[name="description" i]').attr('content') ?? '');
    const linkTitles = $('a[title]').toArray().map((a) => tidy(a.attribs.title ?? ''));
    for (const [text, quote] of [[description, `the page's description "${description.slice(0, 80)}"`], ...linkTitles.map((t) => [t, `a link's title "${t.slice(0, 80)}"`])]) {
      if (!addressed.length || !squash(text).includes(label)) continue;
      const run = domainRun(text, label)?.replace(TLD, '');
      if (run) out.push({ kind: 'domain', text: run, quote });
    }
  }
  return out.filter((r) => r.text);
}

const TRADE_KEYS = [...TRADE].map(squash).filter((w) => w.length >= 3);
const ADDRESS_WORDS = new Set([...TRADE, ...FILLER].map(squash).filter((w) => w.length >= 2));

/**
 * The town in an address made of trade words and a town ("bedandbreakfast" + "tintern"), when the
 * title gives that town a part of its own ("Forest Cottage B&B - Tintern"): the town is no name.
 */
function townInDomain(label: string, title: string): string | undefined {
  // Can the start of the label be read as trade words and filler, at least one a trade word?
  const trade = (head: string): boolean => {
    const reads = new Array<boolean>(head.length + 1).fill(false);
    reads[0] = true;
    for (let i = 1; i <= head.length; i++) for (let j = 0; j < i && !reads[i]; j++) reads[i] = reads[j] && ADDRESS_WORDS.has(head.slice(j, i));
    return reads[head.length] && TRADE_KEYS.some((w) => head.includes(w));
  };
  // A part after the first: "PiriPiri - Pizzeria & Restauracja" on restauracja-piripiri.pl is the name the trade word leads.
  for (const part of splitParts(title).slice(1).map(squash)) {
    if (part.length >= 4 && label.length > part.length && label.endsWith(part) && trade(label.slice(0, -part.length))) return part;
  }
  return undefined;
}

/** Where the page writes its name as its address alone: the title's first words, an image's alt text. */
function addressedBy(home: ParsedPage, label: string): WitnessKind[] {
  if (label.length < 5) return [];
  const isAddress = (text: string) => isHostname(text) && squash(text.replace(TLD, '')) === label;
  const title = home.$('title').first().text().trim();
  const alts = home.$('img[alt]').toArray().map((img) => (img.attribs.alt ?? '').trim());
  return [...(isAddress(title.split(/\s*[:|–—]\s*|\s+/)[0] ?? '') ? (['title'] as const) : []), ...(alts.some(isAddress) ? (['logo'] as const) : [])];
}

// How much one witness counts. A title part is strong when the title is only the name.
const WEIGHT: Record<WitnessKind, number> = { 'schema.org': 3, 'og:site_name': 3, title: 2, logo: 2, heading: 1.5, copyright: 1.5, imprint: 1.5, text: 0.5, domain: 0 };
const STRONG: WitnessKind[] = ['schema.org', 'og:site_name', 'title', 'logo', 'heading', 'copyright', 'imprint'];
const ORDER: WitnessKind[] = ['schema.org', 'og:site_name', 'title', 'logo', 'heading', 'copyright', 'imprint', 'domain', 'text'];

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

/**
 * A page that is not the business's own (parked, a placeholder, a redirect, a frameset),
 * judged as the analysis judges the home page (site-state.ts): a real site that lists "Strona w
 * budowie" in its menu still has a name.
 */
function isPlaceholder(home: ParsedPage): boolean {
  const state = siteState({ status: home.page.status, redirects: 0, realRedirect: false, ms: null }, home);
  return state === 'parked' || state === 'forwards';
}

// A person's name: two or three capitalised words ("Anna Storoniak", "Jan K. Nowak").
const PERSON = /^\p{Lu}\p{Ll}+(?: \p{Lu}\.)?(?: \p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?){1,2}$/u;

/** A doctor's degree, as a title part of its own. */
const DEGREE = /^(?:DDS|DMD|MD|DO|DC|DVM|OD|DPM)$/;

/**
 * A title of two parts, one of them the person the name was read as, names the business by both
 * or by the other part:
 *   - "Kancelaria Radcy Prawnego | Anna Storoniak": a trade's sign and the person it belongs to
 *     name the firm as both, the way Polish firms are named; the person alone is the lawyer;
 *   - "Perfect Smile - Peter Sabolch, DMD": a brand beside its doctor names the practice; the
 *     doctor is the one greeted (greeting-name.ts).
 */
function besidePerson(name: string, title: string): string {
  if (!PERSON.test(name) || isGenericNoun(name)) return name;
  // A degree split off at its comma stays with its person ("Peter Sabolch, DMD").
  const split = splitParts(title.replace(/\s+/g, ' ').trim()).map(tidy);
  const parts = split.flatMap((p, i) => (DEGREE.test(p) ? [] : [DEGREE.test(split[i + 1] ?? '') ? `${p} ${split[i + 1]}` : p]));
  const at = parts.findIndex((p) => p === name || (p.startsWith(name) && DEGREE.test(p.slice(name.length).trim())));
  if (parts.length !== 2 || at < 0) return name;
  const other = parts[1 - at];
  if (parts[at] !== name) return usable(other) && !isGenericNoun(other) ? other : name;
  return wordsOf(other).length <= 4 && NAME_HEADS.test(wordsOf(other)[0] ?? '') && isGenericNoun(other) ? `${other} ${name}` : name;
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
  // The towns the page says it is in ("a plumber in Fresno", its postal address): a town alone is
  // never a name ("Rumia" on fryzjer-rumia.pl), and a phrase of trade words and towns ("Meble
  // kuchenne Kraków") describes the business, giving way to a name two witnesses agree on (below).
  const places = placesOf(home.text, home.$('title').first().text(), home.$('meta[name="description" i]').attr('content') ?? '');
  const town = townInDomain(label, home.$('title').first().text());
  if (town) places.add(town);
  // A title or an image that gives only the site's address ("fersinaviaggi.it: crociere MSC…") names the business the words spelling that address name.
  const addressed = addressedBy(home, label);
  const all = readings(home, pages, label, host, addressed, places);
  // A witness that names the town after the name ("Lacey Plumbing & Heating Ltd Ramsbottom" in a logo's alt text) names the business before it too.
  const trimmed = all.flatMap((r) => {
    const words = tidy(r.text).split(' ');
    const rest = words.slice(0, -1);
    return words.length >= 3 && isPlaceName(words[words.length - 1], places) && !FILLER.has(rest[rest.length - 1].toLowerCase()) && !isGenericNoun(rest.join(' ')) ? [{ ...r, text: rest.join(' ') }] : [];
  });
  // The copyright holder with its trade after the name ("© 2025 AMAC Chaveiros") witnesses the name alone too ("AMAC - Chaveiro e Acessórios").
  for (const r of all.filter((x) => x.kind === 'copyright')) {
    const words = tidy(r.text).split(' ');
    const head = words.slice(0, -1).join(' ');
    if (words.length >= 2 && TRADE.has(squash(words[words.length - 1])) && !isGenericNoun(head)) trimmed.push({ ...r, text: head });
  }
  const byKey = new Map<string, Candidate>();
  for (const r of [...all, ...trimmed]) {
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
  const keywords = (c: Candidate) => isKeywordPhrase(c.text, places);
  for (const c of byKey.values()) {
    c.spelled = label.length >= 3 && (c.key === label || domainRun(c.text, label) === c.text);
    if (c.spelled && wordsOf(c.text).length >= 2) addressed.forEach((k) => c.kinds.add(k));
  }
  // A name misspelt by one letter in one witness ("KAMIENIE ZYWEC" in the title, "kamienie Zywiec" in the logo and the domain) is the same name, spelled as the domain spells it.
  const candidates: Candidate[] = [];
  for (const c of [...byKey.values()].sort((a, b) => Number(b.spelled) - Number(a.spelled) || b.kinds.size - a.kinds.size)) {
    const same = c.key.length >= 8 ? candidates.find((o) => oneEditApart(o.key, c.key)) : undefined;
    if (!same) candidates.push(c);
    else {
      same.readings.push(...c.readings);
      c.kinds.forEach((k) => same.kinds.add(k));
    }
  }
  for (const c of candidates) {
    const doctor = CREDENTIALED.exec(c.text);
    c.domain = c.spelled || Boolean(doctor && label.includes(squash(doctor[1]))) || (label.length >= 3 && !isPlaceName(c.text, places) && ((c.key.includes(label) && label.length >= 5) || (label.includes(c.key) && c.key.length >= 5) || namesDomain(c.text, label) > 0));
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
  const strongKinds = (c: Candidate) => [...c.kinds].filter((k) => STRONG.includes(k));
  // A name of trade words ("Trusted Garage") the site states as its own where a site states its
  // name (schema.org, og:site_name, the copyright holder), repeated by another witness; a title and
  // a logo's alt text are where keywords go ("Meble na Wymiar" on meblenawymiar.sklep.pl).
  const declared = (c: Candidate) => strongKinds(c).length >= 2 && strongKinds(c).some((k) => k === 'schema.org' || k === 'og:site_name' || k === 'copyright' || k === 'imprint');
  const ranked = candidates
    .filter((c) => hasStrong(c) || c.spelled)
    .filter((c) => ((usable(c.text) && !isPlaceName(c.text, places)) || declared(c)) && !isSearchTerm(c.text, places))
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || Number(b.c.spelled) - Number(a.c.spelled) || a.c.text.length - b.c.text.length);
  // A phrase of trade words and towns ("Meble kuchenne Kraków" in an SEO title and the domain) gives way to a name the page repeats (the title's "Drewit", its logo).
  const agreed = ranked.find(({ c }) => !keywords(c) && strongKinds(c).length >= 2)?.c;
  const best = ranked[0] && keywords(ranked[0].c) && agreed ? agreed : ranked[0]?.c;
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
  // A form misspelt in one witness is not shown when another spells the name as the domain does.
  const spelledForms = best.readings.filter((r) => !isHostname(r.text) && domainRun(r.text, label) === r.text);
  const forms = spelledForms.length && best.readings.some((r) => nameKey(r.text) !== best.key) ? spelledForms : best.readings.filter((r) => !isHostname(r.text));
  const spaced = forms.filter((r) => /\s/.test(r.text) || !/[-_]/.test(r.text));
  const flat = (text: string) => text === text.toLowerCase() && /\p{L}/u.test(text);
  const lowered = new Set(best.readings.filter((r) => flat(r.text)).map((r) => r.kind));
  // A name in lower case once ("robau" from the logo's alt "robau-logo") gives way to the page's capitals ("ROBAU"), unless lower case is its style.
  const byCase = (a: Reading, b: Reading) => (lowered.size >= 2 ? 0 : Number(flat(a.text)) - Number(flat(b.text)));
  const shown = (spaced.length ? spaced : forms).sort((a, b) => byCase(a, b) || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))[0]?.text ?? best.text;
  const title = home.$('title').first().text();
  const name = besidePerson(asWritten(shown, lowered.size >= 2), title);
  const detail = evidence.length === 1 ? evidence[0].quote : `${evidence.slice(0, -1).map((e) => e.quote).join(', ')} and ${evidence[evidence.length - 1].quote} agree`;
  return { name, confidence, evidence, proof: { url, detail, confidence: confidence === 'sure' ? 0.95 : 0.8 } };
}
