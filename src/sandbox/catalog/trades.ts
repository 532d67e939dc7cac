// Trades the catalogue does not have ("dog groomers", "carpet cleaning", "pizza"): a generic
// local-business template that takes the user's words as the trade. The key is the words in
// the singular, joined by hyphens ("dog-groomer"), so a key alone rebuilds the same template.
import type { BookingStyle, Industry } from './industries.ts';

/** Nouns for a place of business: "tattoo studio", "coffee shop". */
const PLACE_NOUNS = new Set([
  'shop', 'store', 'studio', 'salon', 'clinic', 'office', 'center', 'centre', 'agency', 'firm', 'service', 'company',
  'restaurant', 'bar', 'cafe', 'gym', 'school', 'academy', 'spa', 'hotel', 'inn', 'garage', 'gallery', 'market',
  'pharmacy', 'boutique', 'practice', 'dealer', 'dealership', 'lab', 'workshop', 'parlor', 'parlour', 'kennel',
  'daycare', 'nursery', 'pub', 'brewery', 'winery', 'bakery', 'deli', 'hospital', 'club', 'group', 'co', 'team', 'library',
]);

const isAgent = (word: string) => /(?:er|or|ist|ian|ant|ent|man|smith|wright)$/.test(word) && word.length > 3;
const isActivity = (word: string) => /ing$/.test(word) && word.length > 4;

/** "groomers" → "groomer", "bakeries" → "bakery", "glasses" → "glass"; "bus", "gas", "analysis" stay. */
export function singular(word: string): string {
  if (word.length <= 3 || /(?:ss|us|is|ous|ics)$/.test(word)) return word;
  if (/[^aeiou]ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(?:sh|ch|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return word.slice(0, -1) + 'ies';
  if (/(?:s|sh|ch|x|z)$/.test(word)) return word + 'es';
  return word + 's';
}

const title = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());

export function genericIndustry(key: string): Industry {
  const words = key.split('-').filter(Boolean);
  const text = words.join(' ');
  const head = words[words.length - 1] ?? 'business';
  const kind = isActivity(head) ? 'activity' : PLACE_NOUNS.has(head) ? 'place' : isAgent(head) ? 'agent' : 'goods';
  const many = [...words.slice(0, -1), plural(head)].join(' ');
  // How the pages speak of one of them: "a locally owned dog groomer", "... carpet cleaning company".
  const one = kind === 'activity' ? `${text} company` : kind === 'goods' ? `${text} business` : text;
  const label = kind === 'agent' || kind === 'place' ? title(many) : title(text);
  const T = title(text);
  const nouns =
    kind === 'agent' ? [title(many), `${T} Co.`, `${T} Services`]
    : kind === 'place' ? [T, `${T} & Co.`]
    : kind === 'activity' ? [T, `${T} Co.`, `${T} Pros`]
    : [T, `${T} Co.`, `${T} House`];
  const booking: BookingStyle = kind === 'agent' || kind === 'activity' ? 'trade' : 'shop';
  return {
    key,
    label,
    singular: one,
    terms: [text, many],
    nouns,
    possessive: kind === 'place' || kind === 'goods',
    services: [kind === 'activity' || kind === 'agent' ? `${T} services` : `${T} specials`, 'Free estimates', 'Same-week appointments', 'Repeat-customer discounts', 'Friendly local team', 'Satisfaction guarantee'],
    schemaType: 'LocalBusiness',
    booking,
    sellsGoods: kind === 'goods' || kind === 'place',
    // Generated trades are written in English only; these are never shown.
    foreign: { es: T, fr: T, de: T },
    trade: { es: text, fr: text, de: text },
  };
}
