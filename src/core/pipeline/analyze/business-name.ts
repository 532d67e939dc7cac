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
import { CREDIT, GENERIC, NAME_HEADS, NOT_BUSINESS, PLACEHOLDER, SEPARATORS, TLD, TRADE_IN_PLACE, asWritten, domainRun, hostLabel, isGenericNoun, isHostname, nameKey, namesDomain, notAName, splitParts, squash, tidy, usable, wordsOf } from './name-shapes.ts';

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
    const parts = splitParts(title).map((p) => tidy(p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, ''))).filter(Boolean);
    const named = parts.filter((p) => !GENERIC.test(p));
    // "Lopez Plumbing - Fresno, CA": a part before a state's or country's code is a place, and the code no name.
    const code = (p: string | undefined) => /^\p{Lu}{2}$/u.test(p ?? '');
    for (const p of parts.filter((p, i) => !code(parts[i + 1]) && !(i > 0 && code(p)))) out.push({ kind: 'title', text: p, quote: `the title "${title.slice(0, 120)}"`, whole: named.length === 1 && named[0] === p && wordsOf(p).length <= 5 });
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
  if (h1) for (const p of [h1, ...splitParts(h1)]) out.push({ kind: 'heading', text: tidy(p), quote: `the heading "${h1.slice(0, 100)}"` });
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
  // The towns the page says it is in ("a plumber in Fresno"): a domain made of the trade and the town ("fresnoplumbers") does not make the town a name.
  const places = new Set([...home.text.matchAll(/\b(?:in|near|serving|around|en|à|bei)\s+(\p{Lu}[\p{L}'’-]+)/gu)].map((m) => squash(m[1])));
  for (const c of candidates) {
    // Spelled: the name is the words that spell the domain ("Patel Dental Care", "CAP's Pizza & Tap House").
    c.spelled = label.length >= 3 && (c.key === label || domainRun(c.text, label) === c.text);
    const doctor = CREDENTIALED.exec(c.text);
    c.domain = c.spelled || Boolean(doctor && label.includes(squash(doctor[1]))) || (label.length >= 3 && !places.has(c.key) && ((c.key.includes(label) && label.length >= 5) || (label.includes(c.key) && c.key.length >= 5) || namesDomain(c.text, label) > 0));
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
  // A name of trade words ("Trusted Dental Studio") the site declares its own (schema.org, og:site_name or its logo), repeated by another witness.
  const declared = (c: Candidate) => strongKinds(c).length >= 2 && strongKinds(c).some((k) => k === 'schema.org' || k === 'og:site_name' || k === 'logo');
  const ranked = candidates
    .filter((c) => hasStrong(c) || c.spelled)
    .filter((c) => usable(c.text) || (c.key === label && strongKinds(c).length >= 2) || declared(c))
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
