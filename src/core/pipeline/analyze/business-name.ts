// The business's own name, as it would be written in an email ("Novak Dental", not
// "Novak Dental | Denver's friendly neighborhood dentist"), from what the site says about
// itself: schema.org data, og:site_name, the title, the logo, the first lines of the page.
// The best witness is a run of words that spells the domain ("Patel Dental Care" on
// pateldentalcare.com, "BE-BIKE" in "Sklep rowerowy BE-BIKE"): then the words around it
// (slogans, places, services) are left out.
import type { Proof } from '../../model/analysis.ts';
import { stringProp, typesOf, type ParsedPage } from './dom.ts';

const GENERIC = /^(home|home ?page|welcome|index|start|main|official (web)?site|untitled|contact|contact us|kontakt|contacto|impressum|about|about us|inicio|accueil|startseite|strona g[łl][óo]wna|bienvenid[oa]s?|bienvenue|willkommen|galerie|gallery)$/i;
const NOT_BUSINESS = /^(WebSite|WebPage|BreadcrumbList|ListItem|ImageObject|Article|BlogPosting|Person|SearchAction|SiteNavigationElement|Product|Offer|Review|FAQPage|Question|Answer|Event)$/;

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l');
const squash = (s: string) => fold(s).replace(/[^a-z0-9]/g, '');
const tidy = (s: string) => s.replace(/\s+/g, ' ').replace(/^[\s|·•»:,–—-]+|[\s|·•»:,–—-]+$/g, '').trim();
export const usable = (s: string | undefined): s is string => Boolean(s && s.length >= 2 && s.length <= 60 && !GENERIC.test(s) && /\p{L}/u.test(s));
/** "ESPACE THÉRAPIE" → "Espace Thérapie", "the hive organic salon" → "The Hive Organic Salon", "kajakersi.pl" → "Kajakersi"; mixed case is kept as written. */
export function asWritten(s: string): string {
  const bare = s.replace(/\.(?:com|pl|de|fr|es|ch|co\.uk|uk|net|org)$/i, '');
  // One word is a brand, written as the brand writes it ("BE-BIKE", "med&motion").
  if (!/\s/.test(bare)) return bare;
  const shouting = bare === bare.toUpperCase() && /\p{Lu}{4}/u.test(bare);
  const flat = bare === bare.toLowerCase();
  return shouting || flat ? bare.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase()) : bare;
}
// Words that finish a business's name after the part that spells the domain ("Vertigo Coffee" Roasters).
const NAME_ENDS = /^(?:&|and|services?|roasters?|centre|center|clinic|salon|spa|studio|house|bar|grill|caf[eé]|restaurant|bakery|shop|store|co\.?|company|inc\.?|llc|ltd\.?|ag|gmbh|group|tattoo|dental|care|day|tap|pizza|kitchen|media|design|law|partners)$/i;

/** The label that names the business in the host: "pateldentalcare" in www.pateldentalcare.com, "almar" in almar.partneropony.pl. */
export function hostLabel(url: string): string {
  try {
    const parts = new URL(url).hostname.replace(/^www\./, '').split('.');
    return squash(parts.length > 2 && parts[parts.length - 2].length <= 3 ? parts[parts.length - 3] : parts[0]);
  } catch {
    return '';
  }
}

/** Title parts: "Home | Smith Plumbing – Austin's plumber" → ["Smith Plumbing", "Austin's plumber"]. */
export function titleParts(title: string): string[] {
  return title
    .split(/\s+[|·•»:~–—-]\s+|\s*(?:\||::|–|—|»)\s*|,\s+/)
    .map((p) => tidy(p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, '')))
    .filter(usable);
}

/**
 * The words of `text` that together spell the domain's label, as written, with the words that
 * finish such a name after them ("CAP's Pizza" & Tap House); undefined when none spell it.
 */
export function domainRun(text: string, label: string): string | undefined {
  if (label.length < 3) return undefined;
  const parts = text.split(/\s+[|·•»:~–—-]\s+|\s*[|–—»]\s*|,\s+/);
  for (const part of parts) {
    // Social handles (@name, #name) are not how a business writes its name.
    const words = part.split(/[\s;()]+/).filter((w) => w && !/^[@#]/.test(w));
    for (let i = 0; i < words.length; i++) {
      let joined = '';
      for (let j = i; j < words.length && j < i + 6; j++) {
        // A word that is the domain itself ("kajakersi.pl") spells it too.
        joined += squash(words[j].replace(/\.(?:com|pl|de|fr|es|ch|co\.uk|uk|net|org)$/i, ''));
        if (joined === label) {
          const rest = words.slice(j + 1);
          const ends = rest.length <= 3 && rest.length > 0 && rest.every((w) => NAME_ENDS.test(w) || /^\p{Lu}/u.test(w)) && NAME_ENDS.test(rest[0]) ? rest : [];
          return tidy([...words.slice(i, j + 1), ...ends].join(' ').replace(/(?<!\b(?:Co|Inc|Ltd|Corp|Bros|Jr|Sr))[.,]+$/i, ''));
        }
        if (!label.startsWith(joined)) break;
      }
    }
  }
  return undefined;
}

/** A practice named after its doctor: "Richard M. Dervin DDS" on dervindental.com. */
const CREDENTIALED = /\b(?:Dr\.?\s+)?\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)?\s(\p{Lu}\p{Ll}+),?\s(?:DDS|DMD|MD|DC|DVM|OD|CPA|Esq\.?)\b/u;

/**
 * How well a title part names the domain: 2 when its initials start the label ("Esseiva Tornare
 * Python" on etp-avocats.ch), 1 when most of its longer words are in the label, else 0.
 */
export function namesDomain(name: string, label: string): number {
  const capitals = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  if (capitals.length >= 3 && label.startsWith(squash(capitals.slice(0, 3).map((w) => w[0]).join('')))) return 2;
  const words = fold(name).split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
  return label.length > 0 && words.length > 0 && words.filter((w) => label.includes(w)).length >= Math.ceil(words.length / 2) ? 1 : 0;
}

const withoutTld = (s: string) => s.replace(/[.,]\s?(?:com|pl|de|fr|es|ch|uk|co\.uk|net|org)$/i, '');

export function businessName(home: ParsedPage, pages: ParsedPage[]): { name: string; proof: Proof } | undefined {
  const url = home.page.finalUrl || home.page.url;
  const label = hostLabel(url);
  const found = (name: string, detail: string, confidence: number) => ({ name: asWritten(name), proof: { url, detail, confidence } });
  const title = home.$('title').first().text().replace(/\s+/g, ' ').trim();
  const ld = pages
    .flatMap((p) => p.jsonLd)
    .filter((o) => typesOf(o).some((t) => !NOT_BUSINESS.test(t)))
    .map((o) => tidy(stringProp(o, 'name') ?? ''))
    .find(usable);
  const site = withoutTld(tidy(home.$('meta[property="og:site_name" i]').attr('content') ?? ''));
  const logo = home.$('img').toArray().find((img) => /logo/i.test(`${img.attribs.class ?? ''} ${img.attribs.id ?? ''} ${img.attribs.src ?? ''} ${img.attribs.alt ?? ''}`));
  const logoAlt = tidy(logo?.attribs.alt ?? '');
  const logoFile = (logo?.attribs.src ?? '').split('/').pop()?.replace(/\.\w+$/, '').replace(/[-_]+/g, ' ') ?? '';
  const lines = home.text.split('\n');
  const description = tidy(home.$('meta[name="description" i]').attr('content') ?? '');

  // A run of words that spells the domain, from the best witness down.
  const witnesses: [string, string, number][] = [
    [ld ?? '', `schema.org name "${ld}"`, 1],
    [site, `og:site_name "${site}"`, 0.95],
    [title, `the title "${title.slice(0, 120)}"`, 0.9],
    [logoAlt, `the logo's alt text "${logoAlt}"`, 0.9],
    [logoFile.replace(/\s*\blogo\b.*$/i, ''), `the logo image ${logo?.attribs.src ?? ''}`, 0.85],
    ...lines.slice(0, 40).map((line): [string, string, number] => [line, `the page's text "${line.slice(0, 80)}"`, 0.85]),
    [description, `the page's description "${description.slice(0, 80)}"`, 0.8],
    ...lines.slice(40).map((line): [string, string, number] => [line, `the page's text "${line.slice(0, 80)}"`, 0.8]),
  ];
  for (const [text, detail, confidence] of witnesses) {
    // Cheap first: the letters of the label must all be in the text.
    if (!text || !squash(text).includes(label.slice(0, 3))) continue;
    const run = domainRun(text, label);
    if (run && usable(run)) return found(run, `${detail}, whose words spell the domain`, confidence);
  }
  // A doctor's practice named after the doctor.
  const doctor = [title, ...lines.slice(0, 40)].map((t) => CREDENTIALED.exec(t)).find((m) => m && label.includes(squash(m[1])));
  if (doctor) return found(doctor[0], `"${doctor[0]}" on the page, whose surname is in the domain`, 0.85);
  // Otherwise the site's own declared name, or the title part that shares most with the domain.
  if (usable(ld)) return found(ld, `schema.org name "${ld}"`, 0.85);
  if (usable(site) && !/^https?:/.test(site)) return found(site, `og:site_name "${site}"`, 0.8);
  const part = titleParts(title)
    .map((p) => ({ p, score: namesDomain(p, label) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)[0]?.p;
  if (part) return found(part, `the part of the title "${title.slice(0, 120)}" that matches the domain`, 0.8);
  return undefined;
}

