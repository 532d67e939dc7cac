// Words a page uses to describe a business rather than to name it: the towns it says it is in
// (its postal address, "a plumber in Fresno", "w Rumi"), and the phrases made only of trade words,
// filler and those towns ("Meble kuchenne Kraków", "Salon fryzjerski Rumia"). A town alone is never
// a name; such a phrase (an SEO title's keywords, often the domain's too) gives way to a name the
// page repeats (business-name.ts decides).
import { US_STATE_CODE } from './country.ts';
import { FILLER, TRADE, fold, tidy } from './name-shapes.ts';

// "34-325 Lodygowice" (Poland), "Issaquah, WA 98027" (US), "Vordergasse 17, 8200 Schaffhausen" or
// "D-80331 München" (a street and its number before the code: "2019 OSTEOfit" is a year and a name).
const TOWN = "\\p{Lu}\\p{Ll}[\\p{L}'’-]*";
const POSTAL_PL = new RegExp(`\\b\\d{2}-\\d{3}\\s+(${TOWN}(?:\\s+${TOWN})?)`, 'gu');
const POSTAL_US = new RegExp(`(${TOWN}(?:\\s+${TOWN}){0,2}),?\\s+[A-Z]{2}\\s+\\d{5}\\b`, 'gu');
const POSTAL_EU = new RegExp(`(?:\\d+\\p{L}?(?:,\\s*|\\s*\\n\\s*)|\\b[A-Z]{1,2}-)\\d{4,5}\\s+(${TOWN}(?:\\s+${TOWN})?)`, 'gu');
// "Olney, Maryland", "Olney, MD": a town before a US state, written out or as its postal code.
const US_STATES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|' +
  US_STATE_CODE;
const IN_STATE = new RegExp(`(${TOWN}),\\s*(?:${US_STATES})\\b`, 'gu');
// "a plumber in Fresno", "Salon ... w Rumi", "serving Denver".
// A town is written capitalised, not as a brand is ("w OSTEOfit").
const IN_PLACE = /\b(?:in|near|serving|around|en|à|bei|w|we)\s+(\p{Lu}\p{Ll}[\p{Ll}'’-]*)\b/gu;

const wordsOfKey = (s: string) => fold(s).split(/[^\p{L}0-9]+/u).filter(Boolean);

/** The words of the towns a page says it is in, folded ("krakow", "issaquah", "rumi"). */
export function placesOf(...texts: string[]): Set<string> {
  const out = new Set<string>();
  const add = (text: string, re: RegExp) => {
    for (const m of text.matchAll(re)) for (const w of wordsOfKey(m[1])) if (w.length >= 3) out.add(w);
  };
  for (const text of texts) {
    add(text, IN_PLACE);
    add(text, IN_STATE);
    // An address has a postal code: only the lines that hold one, with the line before, are read for it.
    const lines = text.split('\n');
    const postal = lines.flatMap((line, i) => (/\d{4,5}|\d{2}-\d{3}/.test(line) ? [`${lines[i - 1] ?? ''}\n${line}`] : [])).join('\n\n');
    if (postal) for (const re of [POSTAL_PL, POSTAL_US, POSTAL_EU]) add(postal, re);
  }
  return out;
}

/** A word is one of the places, as written or declined ("Rumi" for Rumia, "Krakowie" for Kraków). */
export function isPlace(word: string, places: Set<string>): boolean {
  const w = fold(word);
  if (places.has(w)) return true;
  if (w.length < 4) return false;
  for (const p of places) {
    if (p.length < 4) continue;
    let common = 0;
    while (common < w.length && common < p.length && w[common] === p[common]) common++;
    if (common >= 4 && common >= Math.max(w.length, p.length) - 3) return true;
  }
  return false;
}

/** True when every word is a trade word, filler or one of the page's towns: "Meble kuchenne Kraków", "Rumia", "Dental Implants". */
export function isKeywordPhrase(text: string, places: Set<string>): boolean {
  const words = wordsOfKey(tidy(text));
  return words.length > 0 && words.every((w) => TRADE.has(w) || FILLER.has(w) || isPlace(w, places));
}

// One tradesperson, as a search names them ("Hydraulik", "Plumber", "Zahnarzt"), not a firm's word ("Plumbing", "Co.").
const TRADESPERSON = new Set(
  ('hydraulik elektryk fryzjer dentysta stomatolog mechanik slusarz dekarz stolarz plumber electrician dentist locksmith roofer mechanic hairdresser ' +
    'klempner installateur elektriker zahnarzt friseur dachdecker schreiner plombier electricien dentiste serrurier couvreur fontanero electricista ' +
    'cerrajero idraulico elettricista loodgieter elektricien tandarts kapper dakdekker canalizador eletricista encanador').split(' '),
);

/**
 * "Hydraulik Kraków", "Plumber Denver": one tradesperson and the page's town is what a customer
 * types into a search, not a name, even where the site declares it as one (og:site_name); a
 * firm's own trade name ("Denver Plumbing Co.") is another shape.
 */
export function isSearchTerm(text: string, places: Set<string>): boolean {
  const words = wordsOfKey(tidy(text));
  return words.length === 2 && TRADESPERSON.has(words[0]) && isPlace(words[1], places);
}

/** True for a town alone, or towns ("Rumia", "Issaquah", "Bielsko Biala"): never a name. */
export function isPlaceName(text: string, places: Set<string>): boolean {
  const words = wordsOfKey(tidy(text));
  return words.length > 0 && words.every((w) => FILLER.has(w) || isPlace(w, places)) && words.some((w) => isPlace(w, places));
}

/** A title part without the town it ends with: "Salon Fryzjersko-Kosmetyczny Czylkowscy w Rumi" → "Salon Fryzjersko-Kosmetyczny Czylkowscy". */
export function withoutTrailingPlace(text: string): string | undefined {
  const m = /^(.+?)\s+(?:in|near|w|we|im|à|en|bei)\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?$/u.exec(tidy(text));
  return m && m[1].split(/\s+/).length >= 2 ? tidy(m[1]) : undefined;
}

/** Levenshtein distance at most one: a name misspelt by one letter in one witness ("ZYWEC" for Zywiec). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.length === l.length ? s.slice(i + 1) === l.slice(i + 1) : s.slice(i) === l.slice(i + 1);
}
