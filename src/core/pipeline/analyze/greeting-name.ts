// The person an email may greet by name: only someone the site itself names as its owner or as
// the person to contact ("Dr. Jane Novak, owner", "Contact: Maria Lopez", "Inhaberin: Eva Muster",
// "This is the office of Dr J Edward Perkins", "phone John Howard of Gentry Roofing",
// a schema.org founder or an employee whose job is the owner's or the contact's, a name under the
// contact heading that the contact address spells). A name met anywhere else (a review, a team
// list, an author, the web designer) is not a greeting: without one the email says "Hello,".
import { stringProp, typesOf, type ParsedPage } from './dom.ts';
import { sexOfGivenName } from '../../given-names.ts';
import { escapeRegExp } from '../../regexp.ts';
import { isGenericNoun } from './name-shapes.ts';

export type GreetingRole = 'owner' | 'contact';

export interface GreetingName {
  /** The person's name as the page writes it ("Dr. Jane Novak"). */
  name: string;
  role: GreetingRole;
  /** What the page says, quoted: `"Contact: Maria Lopez" on https://…/contact`. */
  evidence: string;
  url: string;
}

type Obj = Record<string, unknown>;

const OWNER =
  'owner|co-owner|owners|founder|co-founder|proprietor|principal|vertreten durch|inhaber(?:in)?|gr[üu]nder(?:in)?|gesch[äa]ftsf[üu]hrer(?:in)?|propri[ée]taire|fondat(?:eur|rice)|g[ée]rant(?:e)?|propietari[oa]|due[ñn][oa]|fundador(?:a)?|titolare|w[łl]a[śs]ciciel(?:ka)?|za[łl]o[żz]yciel(?:ka)?';
const CONTACT = 'contact|contact person|your contact|ansprechpartner(?:in)?|kontaktperson|kontakt|contacto|persona de contacto|osoba kontaktowa|responsable|referente';
const OWNER_RE = new RegExp(`^(?:${OWNER})$`, 'iu');
/** A line that is only a role's label, its name on the next line ("Inhaberin:", "Vertreten durch:"). */
const LABEL_LINE = new RegExp(`^(?:${OWNER}|${CONTACT})\\s*:$`, 'iu');
const CONTACT_RE = new RegExp(`^(?:${CONTACT})$`, 'iu');

// A person's name: two to four capitalised words, a title before, a middle initial ("Richard S Powell") and particles inside.
const WORD = "\\p{Lu}[\\p{Ll}'’-]+";
const NAME = `(?:(?:Dr|Dra|Prof|Mr|Mrs|Ms|Mme|M|Herr|Frau)\\.?\\s+)?${WORD}(?:\\s+(?:\\p{Lu}\\.?\\s+)?(?:(?:de|del|la|van|von|der|da|di|le|du)\\s+)?${WORD}){1,3}`;
const u = (source: string) => new RegExp(source, 'u');

/** "Owner: Maria Lopez", "Kontakt: Hans Muster" (the role first). */
const LABELLED = u(`(?:^|[^\\p{L}])((?:\\p{L}[\\p{L}-]*)(?:\\s\\p{L}+)?)\\s*:\\s*(${NAME})(?=$|[\\s,.;|(–—-])`);
/** "Dr. Jane Novak, owner", "Maria Lopez – Founder & Lead Stylist" (the name first). */
const TRAILING = u(`^(${NAME})\\s*(?:,|–|—|-|\\|)\\s*(?:(?:the|our|die|der|unser(?:e)?|notre|nuestr[oa])\\s+)?(\\p{L}[\\p{L}-]*(?:\\s\\p{L}+)?)`);
/** "owned by Maria Lopez", "Founded by … in 2009", "Fondée par …", "Gegründet von …", "Inhaberin Eva Muster". */
const BY = u(
  `(?:\\b(?:[Oo]wned|[Rr]un|[Ff]ounded|[Ll]ed|[Ss]tarted|[Ee]stablished)\\s+by|\\b(?:[Ff]undad[oa]|[Ff]ond[ée]e?)\\s+p(?:or|ar)|\\b[Gg]egr[üu]ndet\\s+von|\\b(?:Inhaber(?:in)?|Owner|Propri[ée]taire|W[łl]a[śs]ciciel(?:ka)?))\\s+(${NAME})`,
);
/** "This is the office of Dr J Edward Perkins": a practice that calls itself its doctor's office (not "we trained at the office of …"). */
const OFFICE_OF = u(`(?:^|\\b(?:[Tt]his is|[Ww]elcome to)\\s+)(?:[Tt]he\\s+)?(?:[Oo]ffice|[Pp]ractice|[Ss]urgery|[Cc]linic) of\\s+((?:Dr|Dra)\\.?\\s+(?:\\p{Lu}\\.?\\s+)?${WORD}(?:\\s+(?:\\p{Lu}\\.?\\s+)?${WORD})?)`);
/** "Please phone John Howard of Gentry Roofing": the person to call, of this very business. */
const CALL_OF = u(`\\b(?:[Cc]all|[Pp]hone|[Cc]ontact|[Aa]sk for|[Ss]peak (?:to|with))\\s+(${NAME})\\s+(?:of|at)\\s+(.+)$`);
/** An introduction before the name ("Meet Maria Lopez, owner"): the role still has to follow. */
const INTRO = /^(?:Meet|Voici|Das ist|Conozca a|Le presentamos a|Poznaj)\s+/u;
/** Words that make a line a place or a desk, not a person ("Contact: Main Office", "Kontakt: Front Desk"). */
const NOT_PERSON =
  /^(?:office|main|front|desk|team|department|reception|sales|support|service|services|customer|customers|info|information|enquiries|inquiries|general|admin|administration|management|staff|booking|bookings|appointments|hours|form|details|us|center|centre|hq|headquarters|store|shop|location|locations|email|phone|address|büro|buero|empfang|verwaltung|oficina|bureau|accueil|biuro|sekretariat)$/iu;

/** A plausible person's name, tidied, or undefined. */
export function personName(raw: string, business?: string): string | undefined {
  const name = raw.replace(/\s+/g, ' ').replace(/[.,;:]+$/, '').trim();
  const words = name.split(' ').filter((w) => !/^(?:Dr|Dra|Prof|Mr|Mrs|Ms|Mme|M|Herr|Frau)\.?$/.test(w));
  if (words.length < 2 || words.length > 4 || name.length > 40) return undefined;
  if (/\d|@|&/.test(name)) return undefined;
  // Trade words are a business, not a person ("Family Dental", "Hair Salon").
  if (words.some((w) => isGenericNoun(w) || NOT_PERSON.test(w)) || /^(?:The|Our|Your|Contact|Kontakt|Home|About|Team|Welcome|Meet|Call|Book|Free|Send|Get)\b/.test(name)) return undefined;
  if (business && name.toLowerCase() === business.toLowerCase()) return undefined;
  return name;
}

function fromJsonLd(page: ParsedPage, business?: string): GreetingName | undefined {
  const url = page.page.finalUrl || page.page.url;
  const objs = page.jsonLd;
  const byId = new Map(objs.filter((o) => typeof o['@id'] === 'string').map((o) => [o['@id'] as string, o]));
  const resolve = (v: unknown): unknown => (v && typeof v === 'object' && typeof (v as Obj)['@id'] === 'string' && !(v as Obj).name ? (byId.get((v as Obj)['@id'] as string) ?? v) : v);
  const people = (v: unknown): Obj[] => [v].flat().map(resolve).filter((x): x is Obj => Boolean(x) && typeof x === 'object');
  for (const o of objs) {
    if (typesOf(o).includes('WebSite') || typesOf(o).includes('WebPage')) continue;
    for (const p of people(o.founder)) {
      const name = personName(stringProp(p, 'name') ?? '', business);
      if (name) return { name, role: 'owner', evidence: `schema.org founder "${name}" on ${url}`, url };
    }
    for (const p of [...people(o.employee), ...people(o.member), ...people(o.owner), ...people(o.contactPoint), ...(typesOf(o).includes('Person') ? [o] : [])]) {
      const job = `${stringProp(p, 'jobTitle') ?? ''} ${stringProp(p, 'contactType') ?? ''}`.trim();
      const role: GreetingRole | undefined = new RegExp(OWNER, 'iu').test(job) ? 'owner' : new RegExp(CONTACT, 'iu').test(job) ? 'contact' : undefined;
      const name = role && personName(stringProp(p, 'name') ?? '', business);
      if (role && name) return { name, role, evidence: `schema.org ${typesOf(p)[0] ?? 'Person'} "${name}", ${job}, on ${url}`, url };
    }
  }
  return undefined;
}

const roleOf = (word: string): GreetingRole | undefined => (OWNER_RE.test(word.trim()) ? 'owner' : CONTACT_RE.test(word.trim()) ? 'contact' : undefined);

function fromLine(line: string, business?: string): { name: string; role: GreetingRole } | undefined {
  const labelled = LABELLED.exec(line);
  if (labelled) {
    const role = roleOf(labelled[1]);
    const name = role && personName(labelled[2], business);
    if (role && name) return { name, role };
  }
  const trailing = TRAILING.exec(line.replace(INTRO, ''));
  if (trailing) {
    const role = roleOf(trailing[2].split(/\s*&\s*|\s+(?:and|und|et|y|i)\s+/)[0]);
    const name = role && personName(trailing[1], business);
    if (role && name) return { name, role };
  }
  const by = BY.exec(line);
  if (by) {
    const name = personName(by[1], business);
    if (name) return { name, role: 'owner' };
  }
  const office = OFFICE_OF.exec(line);
  const doctor = office && personName(office[1], business);
  if (doctor) return { name: doctor, role: 'owner' };
  const call = CALL_OF.exec(line);
  const contact = call && business && call[2].toLowerCase().startsWith(business.toLowerCase()) && personName(call[1], business);
  if (contact) return { name: contact, role: 'contact' };
  return undefined;
}

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z]/g, '');
/** An address whose local part spells the person ("b.adler@", "maria.lopez@", "mlopez@"). */
function spelledBy(name: string, emails: string[]): string | undefined {
  const words = name.split(' ').filter((w) => !/\.$/.test(w) && !/^(?:Dr|Prof|Mr|Mrs|Ms)$/.test(w));
  const first = fold(words[0] ?? '');
  const last = fold(words[words.length - 1] ?? '');
  if (first.length < 2 || last.length < 2) return undefined;
  const shapes = new Set([first + last, `${first[0]}${last}`, last + first, `${last}${first[0]}`]);
  return emails.find((e) => {
    const local = fold(e.split('@')[0]);
    return shapes.has(local);
  });
}

const CONTACT_HEADING = /^(?:contact|contact us|kontakt|contacto|contatti|ansprechpartner(?:in)?|your contact|ihr kontakt|votre contact)$/i;

// A practice named after its doctor ("Richard M. Dervin, DDS"), or whose title presents its doctor
// ("Bellingham Dentist - Dr. Chris Rosinski - Cordata Dental"): the doctor is the practice's principal.
const CREDENTIALED = u(`^(${NAME}),?\\s+(?:DDS|DMD|MD|DO|DC|DVM|OD|DPM|PhD|PsyD)$`);
const TITLE_DOCTOR = u(`(?:^|[|–—-]\\s*)((?:Dr|Dra)\\.?\\s+${WORD}(?:\\s+\\p{Lu}\\.)?\\s+${WORD})(?:,?\\s+(?:DDS|DMD|MD|DC))?\\s*(?:$|[|–—-])`);
/** "Perfect Smile - Peter Sabolch, DMD": a title part that is a doctor by their degree. */
const TITLE_DEGREE = u(`(?:^|[|–—-]\\s*)(${WORD}(?:\\s+\\p{Lu}\\.)?\\s+${WORD}),?\\s+(?:DDS|DMD|MD|DO|DC|DVM|OD|DPM)\\s*(?:$|[|–—-])`);
/** A doctor is greeted as one ("Dr. Dervin"), whatever degree the page writes after the name. */
const asDoctor = (name: string) => (/^Dra?\.?\s/.test(name) ? name : `Dr. ${name}`);

/** The e-mail addresses a page's source holds, each with its mailbox and domain in lower case. */
function mailboxes(page: ParsedPage): { address: string; local: string; domain: string }[] {
  return [...(page.page.html ?? '').matchAll(/\b([\w.+-]+)@([\w-]+(?:\.[\w-]+)+)/g)].map((m) => ({ address: m[0], local: m[1].toLowerCase(), domain: m[2].toLowerCase() }));
}

/**
 * "Lucas' Massage" with the address lucas@lucasmassage.com: a business named for one person's
 * first name, whose own mailbox is that name, is that person's. Greeted by the first name, which
 * is all the page gives.
 */
function soleTrader(pages: ParsedPage[], business?: string): Omit<GreetingName, 'url'> | undefined {
  const owner = /^(\p{Lu}\p{Ll}{2,})(?:'s|’s|'|’)\s+\p{L}/u.exec(business?.trim() ?? '')?.[1];
  if (!owner || isGenericNoun(owner)) return undefined;
  for (const page of pages) {
    const mailbox = mailboxes(page).find((m) => m.local === owner.toLowerCase());
    if (mailbox) return { name: owner, role: 'owner', evidence: `the business is named for ${owner} ("${business}") and writes from ${mailbox.address}` };
  }
  return undefined;
}

/** A heading that introduces one person by first name: "Meet Georgia", "About Lolly", "Hi, I'm Anna". */
const INTRODUCES = /^(?:meet|about|hi,? i['’]m|i['’]m|ich bin|je suis|soy|sono|ik ben|jestem|poznaj|o mnie:?)\s+(\p{Lu}\p{Ll}{2,})\s*[!.]?$/iu;

/**
 * "Meet Georgia" on a site that writes from georgia@gfphysio.com.au: the one person the site
 * introduces, writing from the business's own address, is the one an email reaches. Greeted by
 * the first name, which is all the page gives (a designer's address elsewhere is not the site's).
 */
function introduced(pages: ParsedPage[], homeUrl: string): Omit<GreetingName, 'url'> | undefined {
  let host: string;
  try {
    host = new URL(homeUrl).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return undefined;
  }
  for (const page of pages) {
    for (const line of page.text.split('\n')) {
      const first = INTRODUCES.exec(line.trim())?.[1];
      if (!first || isGenericNoun(first) || NOT_PERSON.test(first)) continue;
      const mailbox = mailboxes(page).find((m) => m.local === first.toLowerCase() && (m.domain === host || m.domain.endsWith(`.${host}`)));
      if (mailbox) return { name: first, role: 'contact', evidence: `the site introduces "${line.trim()}" and writes from ${mailbox.address}` };
    }
  }
  return undefined;
}

/** A person introducing themself by first name, inside a sentence: "Hey, I'm Jac.", "je suis Emilie", "ich bin Anna". */
const SELF_INTRO = /(?:^|[.!?]\s+|^(?:hey|hi|hello|hallo|bonjour|hola|ciao|cześć),?\s+)(?:I['’]m|I am|my name is|je suis|je m['’]appelle|ich bin|ich hei(?:ß|ss)e|soy|me llamo|sono|mi chiamo|ik ben|ik heet|jestem|mam na imi[ęe]|sou|chamo-me|me chamo)\s+(\p{Lu}\p{Ll}{1,})(?=[\s.,!;:]|$)/iu;

/**
 * A business named for a person, said by that person: "Jac Simone Tutoring" whose page says
 * "Hey, I'm Jac", greeted by the first name, which is how they introduce themself. A business
 * that is only two capitalised words and speaks as "I" is not enough: "Kapper Sven" and
 * "Osteopathie Delft" do too. Never a name that is a trade word.
 */
function namedFor(pages: ParsedPage[], business?: string): Omit<GreetingName, 'url'> | undefined {
  const words = business?.trim().split(/\s+/) ?? [];
  const first = words[0] ?? '';
  if (words.length >= 2 && /^\p{Lu}\p{Ll}+$/u.test(first) && !isGenericNoun(first)) {
    for (const page of pages) {
      const intro = page.text.split('\n').map((line) => SELF_INTRO.exec(line.trim())).find((m) => m?.[1] === first);
      if (intro) return { name: first, role: 'owner', evidence: `the business is named for ${first} ("${business}"), who introduces themself: "${intro[0].trim()}"` };
    }
  }
  return undefined;
}

/** "Dr.med. dent. Daniel Neuhauser", "Dr. Ana Ruiz": a practice named after its doctor, title first. */
const TITLED_DOCTOR = u(`^(?:Dra?\\.?\\s*(?:(?:med|dent|vet|rer\\.\\s*nat)\\.?\\s*)*)(${WORD}(?:\\s+\\p{Lu}\\.?)?\\s+${WORD})$`);

/** A doctor as the page writes them, title first: "Dr. med. Tilman Markert", "Dra. Ana Ruiz". */
const DOCTOR_NAMED = new RegExp(`\\b(?:Dra?)\\.?\\s*(?:(?:med|dent|vet|rer\\.\\s*nat)\\.?\\s*)*(${WORD}(?:\\s+\\p{Lu}\\.?)?\\s+${WORD})`, 'gu');
/** The lines of a page's header: where a practice presents itself, before its content. */
const HEADER_LINES = 25;
const headerLines = (home: ParsedPage) => home.text.split('\n').map((line) => line.trim()).filter(Boolean).slice(0, HEADER_LINES);

/**
 * "Zentrum für Kardiologie … Dr. med. Tilman Markert" at the top of a practice's home page, a line
 * of its own: the one doctor the page presents, no other doctor named anywhere on it, is the practice's own.
 * A clinic that names two doctors names no one to greet.
 */
function soleDoctor(home: ParsedPage | undefined, business?: string): Omit<GreetingName, 'url'> | undefined {
  if (!home) return undefined;
  const named = [...home.text.matchAll(DOCTOR_NAMED)];
  const surnames = new Set(named.map((m) => m[1].split(/\s+/).pop()));
  if (surnames.size !== 1) return undefined;
  // Presented: the name is a line of the header by itself, not a sentence about a member of the team.
  const shown = headerLines(home).map((line) => [...line.matchAll(DOCTOR_NAMED)][0]).find((m) => m && m[0] === m.input);
  const doctor = shown && personName(shown[1], business);
  return doctor ? { name: asDoctor(doctor), role: 'owner', evidence: `the home page presents one doctor: "${shown[0]}"` } : undefined;
}

/** A profession one person practises under their own name ("Attorney at Law", "Farrier", "CPA", "physiotherapist"), in the eight languages. */
const PROFESSION =
  /^(?:attorney(?: at law)?|lawyer|solicitor|barrister|farrier|cpa|accountant|bookkeeper|architect|photographer|tutor|(?:physio|psycho)?therapist|physiotherapist|osteopath|chiropractor|psychologist|counsell?or|notary|dentist|hairdresser|hair stylist|stylist|massage therapist|midwife|coach|personal trainer|rechtsanw[äa]lt(?:in)?|steuerberater(?:in)?|architekt(?:in)?|fotograf(?:in)?|physiotherapeut(?:in)?|ergotherapeut(?:in)?|heilpraktiker(?:in)?|zahn[äa]rzt(?:in)?|friseur(?:in|meisterin|meister)?|avocate?|notaire|architecte|photographe|kin[ée]sith[ée]rapeute|ost[ée]opathe|coiffeu(?:r|se)|abogad[oa]|arquitect[oa]|fot[óo]graf[oa]|fisioterapeuta|avvocato|architetto|fotografo|advocaat|fotograaf|fysiotherapeut|kapper|tandarts|adwokat|radca prawny|fizjoterapeut(?:k)?a|fryzjer(?:ka)?|kosmetolo(?:g|żka)|advogad[oa])$/i;
const PRESENTS = /^(.+?)\s*(?:,|–|—|-)\s*(.+)$/;

/**
 * "William H. Haley - Attorney at Law", "Tim O'Brien, Farrier": a title or a line at the top of the
 * home page that presents one person by their profession. A one-person practice: greet them.
 */
function presented(home: ParsedPage | undefined, title: string): Omit<GreetingName, 'url'> | undefined {
  if (!home) return undefined;
  for (const line of [title, ...headerLines(home)]) {
    const m = PRESENTS.exec(line);
    const name = m && PROFESSION.test(m[2].trim()) ? personName(m[1]) : undefined;
    if (name) return { name, role: 'owner', evidence: `the page presents "${line.slice(0, 120)}"` };
  }
  return undefined;
}

/** "Willkommen bei Familie Gerber!", "Ihre Familie Gerber": the family that keeps a German inn or guesthouse, as its hosts. */
const HOST_FAMILY = u(`(?:^|[.!?]\\s+)(?:(?:Herzlich )?[Ww]illkommen bei|Ihre|Eure|Ihre Gastgeber(?:in)?,?|Ihr Gastgeber,?|Gastgeber(?:in)?:)\\s+(Familie\\s+${WORD})(?=$|[\\s!.,])`);

function hostFamily(home: ParsedPage | undefined): Omit<GreetingName, 'url'> | undefined {
  for (const line of home?.text.split('\n') ?? []) {
    const family = HOST_FAMILY.exec(line.trim());
    if (family) return { name: family[1], role: 'owner', evidence: `the home page says "${family[0].trim()}"` };
  }
  return undefined;
}

/** Trades whose businesses are often named for someone famous ("Albert Schweitzer Klinik", "Café Heinrich Heine"), not their owner. */
const NAMED_FOR_THE_FAMOUS = /^(?:clinics?|klinik|klinika|clinique|hotels?|motel|pension|restaurants?|restauracja|ristorante|restaurante|caf[eé]s?|coffee|bars?|bistro|pizzeria|brewery|brewing|winery|house|dom|apartments|cottage)$/i;

/**
 * "Cosmetic Studio Nada Bartl", "Amanda Steele Flowers", "Adwokat Lukasz Pokropinski", "Emilie
 * ROGHI": a business named for a person, their common first name and a surname, with nothing
 * beside it but its trade, is that person's own. A trade that is often named for the famous, a
 * first name the lexicon does not know, or anything more in the name, and no one is greeted.
 */
function ownerInName(business?: string): Omit<GreetingName, 'url'> | undefined {
  const words = business?.trim().split(/\s+/) ?? [];
  if (words.length < 2 || words.length > 5) return undefined;
  const surnameLike = (w: string) => /^\p{Lu}[\p{L}'’-]+$/u.test(w) && !isGenericNoun(w) && sexOfGivenName(w) === undefined;
  const person = (i: number) => /^\p{Lu}\p{Ll}+$/u.test(words[i]) && sexOfGivenName(words[i]) !== undefined && surnameLike(words[i + 1] ?? '');
  // The person's name first or last, the trade around it.
  const at = person(0) ? 0 : person(words.length - 2) ? words.length - 2 : -1;
  if (at < 0) return undefined;
  const trade = [...words.slice(0, at), ...words.slice(at + 2)];
  if (!trade.every((w) => isGenericNoun(w) && !NAMED_FOR_THE_FAMOUS.test(w))) return undefined;
  const name = `${words[at]} ${words[at + 1]}`;
  return { name, role: 'owner', evidence: `the business is named for ${name}: "${business}"` };
}

/** "My name is Anette Jonischkeit. I am a physiotherapist…": the home page's own voice, a practitioner introducing themself by their profession. */
const MY_NAME = u(`(?:^|[.!?]\\s+)(?:[Mm]y name is|[Jj]e m['’]appelle|[Mm]ein Name ist|[Ii]ch hei(?:ß|ss)e|[Mm]e llamo|[Mm]i chiamo|[Mm]ijn naam is|[Nn]azywam si[ęe]|[Cc]hamo-me|[Mm]eu nome é)\\s+(${NAME})[.,]?\\s+(?:and\\s+)?(?:I am|I['’]m|je suis|ich bin|soy|sono|ik ben|jestem|sou)\\s+(?:an?|une?|eine?|un[ao]?|een|uma?)?\\s*(\\p{L}+(?:\\s+\\p{L}+)?)`);

function selfIntroduced(home: ParsedPage | undefined, business?: string): Omit<GreetingName, 'url'> | undefined {
  for (const line of home?.text.split('\n') ?? []) {
    const m = MY_NAME.exec(line.trim());
    // The profession is the word after "I am a", or the two ("massage therapist").
    const profession = m && [m[2], m[2].split(/\s+/)[0]].some((words) => PROFESSION.test(words));
    const name = profession ? personName(m![1], business) : undefined;
    if (name) return { name, role: 'owner', evidence: `the home page says "${m![0].trim().slice(0, 120)}"` };
  }
  return undefined;
}

/**
 * "Inspection Jones" with "Iannick Jones" on a line of its own: a person the site names, by a
 * common first name, whose surname is the one name in the business's is the one it is named for.
 * A firm of several partners' names, or a site where someone else bears the name too ("Boguslawa
 * Kopka-Sinicki" beside "Pawel Sinicki"), names no one.
 */
function surnameOfBusiness(pages: ParsedPage[], business?: string): Omit<GreetingName, 'url'> | undefined {
  const own = new Set((business ?? '').split(/\s+/).filter((w) => w.length >= 3 && /^\p{Lu}/u.test(w) && !isGenericNoun(w)).map((w) => w.toLowerCase()));
  if (own.size !== 1) return undefined;
  for (const page of pages) {
    for (const raw of page.text.split('\n')) {
      const line = raw.trim();
      const name = personName(line, business);
      const words = name?.split(' ') ?? [];
      if (name && line === name && words.length === 2 && own.has(words[1].toLowerCase()) && sexOfGivenName(words[0]) !== undefined) {
        const [first, surname] = [words[0], escapeRegExp(words[1])];
        const text = pages.map((p) => p.text).join('\n');
        // Someone else bearing the name: in a double surname ("Kopka-Sinicki"), or after another first name.
        const compound = new RegExp(`\\p{L}\\s*-\\s*${surname}(?![\\p{L}])|(?<![\\p{L}])${surname}\\s*-\\s*\\p{L}`, 'u').test(text);
        const another = [...text.matchAll(new RegExp(`(?<![\\p{L}])(\\p{Lu}\\p{Ll}+)\\s+${surname}(?![\\p{L}])`, 'gu'))].some((m) => m[1] !== first && sexOfGivenName(m[1]) !== undefined);
        return compound || another ? undefined : { name, role: 'owner', evidence: `"${name}" on the site of "${business}", named for them` };
      }
    }
  }
  return undefined;
}

/** The person to greet, from every crawled page, or undefined when the site names no owner or contact. */
export function greetingName(pages: ParsedPage[], business?: string): GreetingName | undefined {
  const home = pages[0];
  const homeUrl = home ? home.page.finalUrl || home.page.url : '';
  const named = business ? CREDENTIALED.exec(business.trim()) : null;
  const namesake = named && personName(named[1]);
  if (namesake) return { name: asDoctor(namesake), role: 'owner', evidence: `the practice is named after its doctor: "${business}"`, url: homeUrl };
  const titledBusiness = business ? TITLED_DOCTOR.exec(business.trim()) : null;
  const doctor = titledBusiness && personName(titledBusiness[1]);
  if (doctor) return { name: asDoctor(doctor), role: 'owner', evidence: `the practice is named after its doctor: "${business}"`, url: homeUrl };
  for (const page of pages) {
    const found = fromJsonLd(page, business);
    if (found) return found;
  }
  for (const page of pages) {
    const url = page.page.finalUrl || page.page.url;
    // A long paragraph is read a sentence at a time ("Please feel free to phone John Howard of Gentry Roofing at …").
    const lines = page.text.split('\n').flatMap((l) => (l.length > 200 ? l.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length <= 300) : [l]));
    for (const [i, line] of lines.entries()) {
      // An imprint's label above the name ("Vertreten durch:" / "Lutz Röhrig") is read as one line.
      const said = LABEL_LINE.test(line.trim()) ? `${line.trim()} ${lines[i + 1]?.trim() ?? ''}` : line;
      const found = fromLine(said, business);
      if (found) return { ...found, evidence: `"${said.slice(0, 120)}" on ${url}`, url };
    }
  }
  const sole = soleTrader(pages, business) ?? introduced(pages, homeUrl) ?? namedFor(pages, business);
  if (sole) return { ...sole, url: homeUrl };
  const title = home?.$('title').first().text().replace(/\s+/g, ' ').trim() ?? '';
  const titled = TITLE_DOCTOR.exec(title) ?? TITLE_DEGREE.exec(title);
  const principal = titled && personName(asDoctor(titled[1]), business);
  if (principal) return { name: principal, role: 'owner', evidence: `the title presents the practice's doctor: "${title.slice(0, 120)}"`, url: homeUrl };
  const host = soleDoctor(home, business) ?? presented(home, title) ?? hostFamily(home);
  if (host) return { ...host, url: homeUrl };
  // A name alone under the contact heading, which the contact address spells ("Kontakt / Benjamin Adler / b.adler@…").
  for (const page of pages) {
    const url = page.page.finalUrl || page.page.url;
    const lines = page.text.split('\n');
    const emails = mailboxes(page).map((m) => m.address.toLowerCase());
    for (let i = 0; i < lines.length; i++) {
      if (!CONTACT_HEADING.test(lines[i].trim())) continue;
      for (const line of lines.slice(i + 1, i + 4)) {
        const name = personName(line, business);
        const email = name && spelledBy(name, emails);
        if (name && email && line.trim() === name) return { name, role: 'contact', evidence: `"${name}" under "${lines[i].trim()}", with the address ${email}, on ${url}`, url };
      }
    }
  }
  const owner = selfIntroduced(home, business) ?? surnameOfBusiness(pages, business) ?? ownerInName(business);
  return owner && { ...owner, url: homeUrl };
}
