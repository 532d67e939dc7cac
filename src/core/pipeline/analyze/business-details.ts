// Phone, postal address and opening hours: from schema.org data (JSON-LD, microdata) when the
// site publishes it, otherwise from the visible text the way a reader would find them.
import { addressFromText } from './address.ts';
import { stringProp, typesOf, type ParsedPage } from './dom.ts';

export interface BusinessDetails {
  phone?: string;
  /** Every phone number the pages show (tel: links, schema.org, text), not fax numbers. */
  phones: string[];
  address?: string;
  business_hours?: string;
}

type Obj = Record<string, unknown>;

/** Whitespace collapsed, stray separators dropped; undefined when nothing readable is left. */
const clean = (s: string | undefined) => {
  const text = s?.replace(/\s+/g, ' ').replace(/\s*,(?:\s*,)+/g, ',').replace(/^[\s,;|]+|[\s,;|]+$/g, '').trim();
  return text && /[\p{L}\d]/u.test(text) ? text : undefined;
};

/** The JSON-LD objects that describe the business (not the website, a breadcrumb or an article). */
function businessObjects(pages: ParsedPage[]): Obj[] {
  const all = pages.flatMap((p) => p.jsonLd);
  const skip = /^(WebSite|WebPage|BreadcrumbList|ListItem|SearchAction|ImageObject|Article|BlogPosting|Person|ReadAction|SiteNavigationElement)$/;
  return all.filter((o) => typesOf(o).some((t) => !skip.test(t)) && (o.telephone || o.address || o.openingHours || o.openingHoursSpecification));
}

function formatPostal(a: unknown): string | undefined {
  if (typeof a === 'string') return clean(a.replace(/\s*\n\s*/g, ', '));
  if (Array.isArray(a)) return formatPostal(a[0]);
  if (!a || typeof a !== 'object') return undefined;
  const o = a as Obj;
  const region = [stringProp(o, 'addressRegion'), stringProp(o, 'postalCode')].filter(Boolean).join(' ');
  return clean([stringProp(o, 'streetAddress'), stringProp(o, 'addressLocality'), region].filter(Boolean).join(', '));
}

function formatSpecification(spec: unknown): string | undefined {
  const items = (Array.isArray(spec) ? spec : [spec]).filter((x): x is Obj => Boolean(x) && typeof x === 'object');
  const parts = items.map((s) => {
    const days = (Array.isArray(s.dayOfWeek) ? s.dayOfWeek : [s.dayOfWeek]).filter((d): d is string => typeof d === 'string').map((d) => d.replace(/^.*\//, ''));
    const span = [stringProp(s, 'opens'), stringProp(s, 'closes')].filter(Boolean).join('–');
    return clean(`${days.join(', ')} ${span}`);
  });
  return clean(parts.filter(Boolean).join('; '));
}

// --- visible text -------------------------------------------------------------------------

const US_PHONE = /(?<![\d\w])(?:\+?1[\s.–-]?)?\(?[2-9]\d{2}\)?[\s.–-]?\d{3}[\s.–-]\d{4}(?!\d)/;
const INTL_PHONE = /(?<![\d\w])\(?\+\d{1,3}\)?(?:[\s.–-]?\(?\d{1,4}\)?){2,5}(?!\d)/;
const ANY_PHONE = /\(?\+?\d[\d\s().–-]{5,}\d/;

/** The phone number inside a label like "Call 315-432-0315" or "tel. 794474066". */
function phoneIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = US_PHONE.exec(text) ?? INTL_PHONE.exec(text) ?? ANY_PHONE.exec(text);
  return m && m[0].replace(/\D/g, '').length >= 7 ? m[0].trim() : undefined;
}

function phoneFromPage(p: ParsedPage): string | undefined {
  const tel = p.$('a[href^="tel:" i]').first();
  if (tel.length) {
    let href = (tel.attr('href') ?? '').slice(4);
    try {
      href = decodeURIComponent(href);
    } catch {
      // keep it as written
    }
    return phoneIn(tel.text()) ?? phoneIn(href);
  }
  const micro = phoneIn(p.$('[itemprop="telephone"]').first().text());
  if (micro) return micro;
  // Lines that say "phone"/"call" first, then any line.
  const lines = p.text.split('\n');
  const labelled = lines.filter((l) => /\b(phone|tel|call|teléfono|téléphone|telefon|tél)\b/i.test(l));
  for (const line of [...labelled, ...lines]) {
    const m = US_PHONE.exec(line) ?? INTL_PHONE.exec(line);
    if (m && m[0].replace(/\D/g, '').length >= 10) return m[0].trim();
  }
  return undefined;
}

const FAX = /\bfax\b|\bfaks\b|\btelefax\b|(?:^|\s)F\s*:/i;
const NOT_PHONE = /\b(nip|regon|krs|vat|ein|abn|tax|siret|siren|cif|nif|ust|iban|account|konto|swift|bic)\b/i;
// Words that announce a phone number, in the languages of the corpus.
const PHONE_LABEL = /(?:^|[^\p{L}])(phone|tel|t[ée]l|t[ée]l[ée]?phone|telefon[oy]?|tel[ée]fono|tlf|call|mobile|cell|office|sms|kom|zadzwo[nń]|dzwo[nń]|anrufen|appelez|llame|llamar|p|t|m)(?:[^\p{L}]|$)/iu;
// A piece of text that is nothing but a phone number, as a footer or a header shows it.
const ONLY_PHONE = /^(?:\(?\+?\d[\d\s().–/-]{7,}\d)$/;
const digitsOf = (s: string) => s.replace(/\D/g, '');
const PHONE_STRICT = new RegExp(`${US_PHONE.source}|${INTL_PHONE.source}`, 'g');
const PHONE_LABELLED = new RegExp(`${US_PHONE.source}|${INTL_PHONE.source}|${ANY_PHONE.source}`, 'g');

// A line that is a person's name ("Todd Durham", "Megan Thixton"): a number right under it is
// that person's own (an artist's, a stylist's), not the business's.
const PERSON = /^(?:(?:Dr|Mr|Mrs|Ms)\.?\s)?\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)?\s\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u;
const NOT_PERSON = /\b(?:Artists?|Studio|Salon|Office|Street|Road|Avenue|Center|Centre|Clinic|Dental|Tattoo|Piercing|Location|Hours|Contact|Phone|Call|Email|Services?|Team|Staff|Group|Shop|Care|City|Park|Home|About|Gallery)\b/;
const PERSONAL_LABEL = /\b(?:cell|mobile|call or text|text|phone|e-?mail)\b/i;
const isPerson = (line: string | undefined) => Boolean(line && PERSON.test(line.trim()) && !NOT_PERSON.test(line));

/** Every phone a page shows, as written, once each (by its last nine digits); never a fax number. */
function phonesFromPage(p: ParsedPage, out: Map<string, string>): void {
  const personal = new Set<string>();
  const business = new Set<string>();
  const add = (raw: string | undefined, underPerson = false) => {
    const phone = phoneIn(raw);
    if (!phone) return;
    const key = digitsOf(phone).slice(-9);
    if (key.length < 7) return;
    if (underPerson) personal.add(key);
    else business.add(key);
    if (!out.has(key)) out.set(key, phone);
  };
  p.$('a[href^="tel:" i]').each((_, el) => {
    const $el = p.$(el);
    if (FAX.test($el.parent().text().slice(0, 200))) return;
    let href = ($el.attr('href') ?? '').slice(4);
    try {
      href = decodeURIComponent(href);
    } catch {
      // keep it as written
    }
    add(phoneIn($el.text()) ?? href);
  });
  p.$('[itemprop="telephone"]').each((_, el) => add(p.$(el).attr('content') ?? p.$(el).text()));
  const description = p.$('meta[name="description" i]').attr('content') ?? '';
  // A line often holds several items ("Phone: 913-422-0875 | Fax: 913-422-0883"): judge each.
  const pieces = [...p.text.split('\n'), description].flatMap((line) => line.split(/\s+[|•·]\s+|\s+\/\s+|;\s+/));
  for (const [i, piece] of pieces.entries()) {
    // "Fax:" on its own line labels the number on the next one.
    const after = pieces[i - 1] ?? '';
    if (FAX.test(piece) || NOT_PHONE.test(piece) || (/:\s*$/.test(after) && FAX.test(after))) continue;
    const labelled = PHONE_LABEL.test(piece) || ONLY_PHONE.test(piece.trim());
    // "Todd Durham / Phone: …", "Megan Thixton / Cell: …", "Elaina Satana / Call or Text / …".
    const between = isPerson(pieces[i - 1]) ? '' : (pieces[i - 1] ?? '');
    const underPerson =
      (isPerson(pieces[i - 1]) || (isPerson(pieces[i - 2]) && !/\d/.test(between))) && PERSONAL_LABEL.test(`${between} ${piece}`);
    if (!/\d{3}/.test(piece)) continue;
    for (const m of piece.matchAll(labelled ? PHONE_LABELLED : PHONE_STRICT)) {
      const digits = digitsOf(m[0]);
      if (digits.length >= (labelled ? 9 : 10) && digits.length <= 15 && !/^(19|20)\d{2}\D/.test(m[0].trim())) add(m[0], underPerson);
    }
  }
  // A number shown only under people's names belongs to them.
  for (const key of personal) if (!business.has(key)) out.delete(key);
}

/** Two numbers a page gives for the same place or line ("Noblesville"), differing in one digit: one is likely a typo. */
export interface PhoneMismatch {
  /** What the page names both numbers by, as it writes it. */
  label: string;
  /** The two numbers, each as the page writes it, in page order. */
  numbers: [string, string];
}

// Words that only say a number follows ("Phone:", "Tel.", "Call us"): not what the number is for.
const ANNOUNCES = /(?:^|\s)(?:phone|tel|t[ée]l|t[ée]l[ée]phone|telefon|telefono|tel[ée]fono|telefone|telefoon|call(?: us)?|zadzwo[nń]|numer|nummer|number|num[ée]ro|n[úu]mero)\.?$/iu;
// What a label may not be: another way to reach the business, or a word that names no place or line of its own.
const NO_LABEL = /@|https?:|www\.|^(?:contact(?:s| us)?|kontakt|contacto|contatti|contato|info|hotline|infolinia)$/i;

/** What a page names the number after `before` by: its own words before it, else the heading above ("Noblesville" over "Phone:"). */
function labelOf(before: string, above: string[], firstOnLine: boolean): string | undefined {
  const tidy = (s: string) => {
    let t = s.replace(/[\s:.,;|•·–—-]+$/u, '');
    while (ANNOUNCES.test(t)) t = t.replace(ANNOUNCES, '').replace(/[\s:.,;|•·–—-]+$/u, '');
    return t.trim();
  };
  const own = tidy(before);
  const heading = above.map(tidy);
  // A number right after another on its line ("22 436 56 43 22 436 56 44") is that list's next line, not one named apart.
  const label = own || (firstOnLine ? (heading[0] || heading[1]) ?? '' : '');
  const words = label.split(/\s+/);
  if (!label || /\d/.test(label) || words.length > 4 || !/\p{L}{3}/u.test(label) || NO_LABEL.test(label) || FAX.test(label)) return undefined;
  return label;
}

/** Whether two digit strings of one length differ in exactly one digit, or by two neighbouring digits swapped. */
function oneDigitApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return diff.length === 1 || (diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]]);
}

/**
 * Two of the page's phone numbers (never a fax) that it names by the same words ("Noblesville:
 * 317-214-7116" in the header, "Noblesville / Phone: (317) 214-7166" below) and that differ in one
 * digit. Numbers shown side by side, or named differently ("Salon", "Serwis"), are separate lines.
 */
export function phoneMismatch(p: ParsedPage): PhoneMismatch | undefined {
  const business = new Map<string, string>();
  phonesFromPage(p, business);
  const seen: Array<{ key: string; written: string; label: string; line: number }> = [];
  const lines = p.text.split('\n').map((l) => l.trim()).filter(Boolean);
  for (const [i, line] of lines.entries()) {
    let from = 0;
    for (const m of line.matchAll(PHONE_LABELLED)) {
      const key = digitsOf(m[0]).slice(-9);
      const label = business.has(key) ? labelOf(line.slice(from, m.index), [lines[i - 1] ?? '', lines[i - 2] ?? ''], from === 0) : undefined;
      from = m.index! + m[0].length;
      if (label) seen.push({ key, written: m[0].trim(), label, line: i });
    }
  }
  const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
  for (const [i, a] of seen.entries()) {
    const b = seen.slice(i + 1).find((o) => oneDigitApart(a.key, o.key) && same(a.label, o.label) && o.line !== a.line);
    // Both numbers on one line are a list of lines, wherever else they appear.
    if (b && !seen.some((x) => x.key === a.key && seen.some((y) => y.key === b.key && y.line === x.line))) return { label: a.label, numbers: [a.written, b.written] };
  }
  return undefined;
}

// Lines of an <address> block that are not the postal address.
const CONTACT_LINE = /@|https?:|www\.|^(?:phone|tel|fax|e-?mail|call|mobile|cell|nip|regon|krs|vat|ein|abn|tax)\b|^\+?[\d\s().-]{7,}$/i;

function addressFromPage(p: ParsedPage): string | undefined {
  const el = p.$('address').first();
  if (el.length) {
    const lines = el
      .html()!
      .split(/<br\s*\/?>|<\/p>|<\/div>|\n|\s\|\s/i)
      .map((l) => clean(p.$(`<div>${l}</div>`).text()))
      .filter((l): l is string => Boolean(l) && !CONTACT_LINE.test(l!));
    // A first line without digits before numbered ones is the business's or doctor's name.
    if (lines.length >= 2 && !/\d/.test(lines[0]) && /\d/.test(lines[1])) lines.shift();
    // Some sites put their copyright line in <address>: an address has a number and no "©".
    if (lines.length && lines.some((l) => /\d/.test(l)) && !lines.some((l) => /©|copyright|rights reserved/i.test(l))) return lines.join(', ');
  }
  const micro = p.$('[itemprop="address"]').first();
  if (micro.length) {
    const parts = ['streetAddress', 'addressLocality'].map((k) => clean(micro.find(`[itemprop="${k}"]`).text()));
    const region = [clean(micro.find('[itemprop="addressRegion"]').text()), clean(micro.find('[itemprop="postalCode"]').text())].filter(Boolean).join(' ');
    const joined = [...parts, region].filter(Boolean).join(', ');
    if (joined) return joined;
  }
  return addressFromText(p.text.split('\n'));
}

const DAY =
  '(?:Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:nesday)?|Thu(?:rs(?:day)?)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?' +
  '|Lun(?:es|di)?|Mar(?:tes|di)?|Mi[ée](?:rcoles)?|Jue(?:ves)?|Vie(?:rnes)?|S[áa]b(?:ado)?|Dom(?:ingo)?|Mer(?:credi)?|Jeu(?:di)?|Ven(?:dredi)?|Sam(?:edi)?|Dim(?:anche)?' +
  '|Mo(?:ntag)?|Di(?:enstag)?|Mi(?:ttwoch)?|Do(?:nnerstag)?|Fr(?:eitag)?|Sa(?:mstag)?|So(?:nntag)?)\\.?(?![\\p{L}])';
const TIME = '\\d{1,2}(?:[:.h]\\d{2})?(?:[ \\t]*[AaPp]\\.?[Mm]\\.?(?![\\p{L}]))?';
const DASH = '\\s*(?:[–—-]|to|bis|à|a)\\s*';
const SEGMENT = `(?<![\\p{L}\\d])${DAY}(?:${DASH}${DAY}|\\s*[,&/]\\s*${DAY})*\\s*:?\\s*${TIME}${DASH}${TIME}(?:\\s*(?:,|&|and|y|et|und)\\s*${TIME}${DASH}${TIME})?`;
const HOURS = new RegExp(`${SEGMENT}(?:\\s*[,;|\\n]\\s*${SEGMENT})*`, 'iu');

function hoursFromPage(p: ParsedPage): string | undefined {
  const m = HOURS.exec(p.text);
  return m ? clean(m[0].replace(/\s*\n\s*/g, ', ').replace(/[\s,;|]+$/, '')) : undefined;
}

export function businessDetails(pages: ParsedPage[]): BusinessDetails {
  const objs = businessObjects(pages);
  const fromLd = <T>(pick: (o: Obj) => T | undefined) => objs.map(pick).find((v) => v !== undefined);
  const firstOf = (read: (p: ParsedPage) => string | undefined) => {
    for (const p of pages) {
      const v = read(p);
      if (v) return v;
    }
    return undefined;
  };
  const openingHours = (o: Obj) => {
    const v = o.openingHours;
    return clean(Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(', ') : typeof v === 'string' ? v : undefined);
  };
  const phones = new Map<string, string>();
  const ldPhone = fromLd((o) => phoneIn(stringProp(o, 'telephone')));
  if (ldPhone) phones.set(digitsOf(ldPhone).slice(-9), ldPhone);
  for (const p of pages) phonesFromPage(p, phones);
  return {
    phones: [...phones.values()].slice(0, 10),
    phone: ldPhone ?? firstOf(phoneFromPage),
    address: fromLd((o) => formatPostal(o.address)) ?? firstOf(addressFromPage),
    business_hours: fromLd(openingHours) ?? fromLd((o) => formatSpecification(o.openingHoursSpecification)) ?? firstOf(hoursFromPage),
  };
}
