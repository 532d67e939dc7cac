// The person a site names as its owner or founder: schema.org founder/employee first, then
// the phrases small-business pages use ("Owner: Maria Lopez", "Founded by … in 2009",
// "Meet Dr. …", "Inhaber: …"). Only names the page actually writes are returned.
import { stringProp, typesOf, type ParsedPage } from '../analyze/dom.ts';

type Obj = Record<string, unknown>;

// Two to four capitalised words on one line; particles like "de", "van", "von" allowed inside.
const WORD = "\\p{Lu}[\\p{L}'’-]*\\.?";
const NAME = `(?:(?:Dr|Dra|Mr|Mrs|Ms|Prof)\\.?[ \\t\\u00a0]+)?${WORD}(?:[ \\t\\u00a0]+(?:(?:de|del|la|van|von|der|da|di|le)[ \\t\\u00a0]+)?${WORD}){1,3}`;
const ROLE =
  'owner|co-owner|founder|co-founder|proprietor|principal|president|propietari[oa]|due[ñn][oa]|fundador[a]?|g[ée]rant[e]?|propri[ée]taire|fondat(?:eur|rice)|inhaber(?:in)?|gr[üu]nder(?:in)?|gesch[äa]ftsf[üu]hrer(?:in)?';
const ROLE_WORD = new RegExp(`^(?:${ROLE})$`, 'iu');
const RW = '(\\p{L}[\\p{L}-]*)';
const u = (source: string) => new RegExp(source, 'u');

/** Each pattern captures the name (group 1) and, when it has one, the role word to check (group 2). */
const PATTERNS: { re: RegExp; role: boolean }[] = [
  // "Maria Lopez, Owner" / "Maria Lopez – Founder" / "Meet Maria Lopez, owner" / "Voici …, gérant"
  { re: u(`(${NAME})\\s*(?:,|–|—|-|\\|)\\s*(?:[Oo]ur\\s+|[Tt]he\\s+|nuestr[oa]\\s+|notre\\s+|unser(?:e)?\\s+)?${RW}`), role: true },
  // "Founded by Maria Lopez in 2009", "Fundada por …", "Fondée par …", "Gegründet von …"
  { re: u(`(?:[Ff]ounded|[Ss]tarted|[Ee]stablished|[Ff]undad[oa]|[Ff]ond[ée]e?|[Gg]egr[üu]ndet)\\s+(?:by|por|par|von)\\s+(${NAME})`), role: false },
  // "Meet Dr. Jane Smith" (a practice names its doctor)
  { re: u(`[Mm]eet\\s+((?:Dr|Dra)\\.?\\s+${WORD}(?:[ \\t]+${WORD}){0,2})`), role: false },
];
// A practitioner's credentials after the name: "Richard M. Dervin, DDS".
const CREDENTIALED = u(`(${NAME}),?\\s+(?:DDS|DMD|MD|DO|DC|DVM|OD|DPM|PhD|PsyD|LMT|LCSW|CPA|Esq)(?![\\p{L}])`);
// A practice named for its doctor in the title or main heading: "Bellingham Dentist - Dr. Chris Rosinski".
const DOCTOR = u(`((?:Dr|Dra)\\.?[ \\t]+${WORD}(?:[ \\t]+${WORD}){1,2})`);
// "Owner: Maria Lopez", "Propietario: …", "Gérant : …", "Inhaber: …" (role first)
const LABELLED = u(`(?:^|[^\\p{L}])${RW}\\s*:\\s*(${NAME})`);

function fromLine(line: string): string | undefined {
  const l = LABELLED.exec(line);
  if (l && ROLE_WORD.test(l[1])) {
    const name = plausible(l[2]);
    if (name) return name;
  }
  for (const { re, role } of PATTERNS) {
    const m = re.exec(line);
    if (!m || (role && !ROLE_WORD.test(m[2]))) continue;
    const name = plausible(m[1].replace(/^(?:Meet|Voici|Das ist|Le presentamos a|Conozca a)\s+/u, ''));
    if (name) return name;
  }
  return undefined;
}

const NOT_A_NAME = /^(?:Our|The|Your|We|Us|Home|About|Contact|Services|Team|Welcome|Meet|Call|Book|Free)\b/;

function plausible(name: string): string | undefined {
  const clean = name.replace(/\s+/g, ' ').replace(/[.,]+$/, '').trim();
  if (clean.length < 4 || clean.length > 40 || NOT_A_NAME.test(clean)) return undefined;
  if (clean.split(' ').length < 2) return undefined;
  return clean;
}

function fromJsonLd(pages: ParsedPage[]): string | undefined {
  const objs = pages.flatMap((p) => p.jsonLd);
  // Graphs refer to people by "@id" ({"founder": {"@id": "…#clare"}}).
  const byId = new Map(objs.filter((o) => typeof o['@id'] === 'string').map((o) => [o['@id'] as string, o]));
  const resolve = (v: unknown): unknown => (v && typeof v === 'object' && typeof (v as Obj)['@id'] === 'string' && !(v as Obj).name ? (byId.get((v as Obj)['@id'] as string) ?? v) : v);
  const personName = (value: unknown): string | undefined => {
    const v = resolve(value);
    if (typeof v === 'string') return plausible(v);
    if (Array.isArray(v)) return v.map(personName).find(Boolean);
    const name = v && typeof v === 'object' ? stringProp(v as Obj, 'name') : undefined;
    return name ? plausible(name) : undefined;
  };
  const isOwner = (v: unknown) => Boolean(v) && typeof v === 'object' && new RegExp(ROLE, 'iu').test(String((v as Obj).jobTitle ?? ''));
  for (const o of objs) {
    const founder = personName(o.founder);
    if (founder) return founder;
  }
  for (const o of objs) {
    const owner = [o.employee, o.member, o.owner].flat().map(resolve).find(isOwner);
    if (owner) return personName(owner);
    if (typesOf(o).includes('Person') && isOwner(o)) return personName(o);
  }
  return undefined;
}

export function findContactName(pages: ParsedPage[]): string | undefined {
  const fromData = fromJsonLd(pages);
  if (fromData) return fromData;
  const lines = pages.flatMap((p) => p.text.split('\n'));
  for (const line of lines) {
    const name = fromLine(line);
    if (name) return name;
  }
  for (const line of lines) {
    const m = CREDENTIALED.exec(line);
    const name = m && plausible(m[1]);
    if (name) return name;
  }
  for (const p of pages) {
    const heading = `${p.$('title').first().text()}\n${p.$('h1').first().text()}`;
    const m = DOCTOR.exec(heading);
    const name = m && plausible(m[1]);
    if (name) return name;
  }
  return undefined;
}
