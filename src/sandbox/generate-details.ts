// The pieces of a site record that need a little craft: names, addresses, phones, opening
// hours, mailboxes and the image gallery.
import type { Industry } from './catalog/industries.ts';
import { BRANDS, FAMILY, ownerNamed } from './catalog/brands.ts';
import { asciiFold, FIRST_NAMES, NAME_ADJECTIVES, ROLE_LOCALS, SURNAMES, slugify, type Language } from './catalog/names.ts';
import type { City } from './catalog/places.ts';
import type { Rng } from './random.ts';
import type { Cms, SiteAddress, SiteImage, SiteOwner } from './site.ts';

export interface NamedBusiness {
  name: string;
  owner: { first: string; last: string };
  /** The name is built on the owner's first name ("Maria's Bakery") or whole name ("Nora Fischer CPA"). */
  possessive: boolean;
  shape: NameShape;
}

/**
 * How a name is made: the owner's surname or first name with the trade ("Lopez Plumbing",
 * "Maria's Bakery", "Plomería García"), a place word ("Evergreen Plumbing", "Austin Plumbing"),
 * a family firm ("Lopez & Sons Plumbing", "Plomberie Dubois & Fils"), a made-up brand ("The
 * Daily Loaf") or the owner's whole name for a one-person business ("Nora Fischer CPA").
 */
export const NAME_SHAPES = ['surname', 'first-name', 'adjective', 'city', 'family', 'brand', 'owner'] as const;
export type NameShape = (typeof NAME_SHAPES)[number];

/**
 * The business's name. The first draws come from the site's stream as they always did; whether
 * the name becomes a brand, a family firm or the owner's own name is drawn from `more`, so the
 * rest of the site's record does not move.
 */
export function businessName(rng: Rng, industry: Industry, city: City, language: Language, more: Rng): NamedBusiness {
  const first = rng.pick(FIRST_NAMES[language]);
  const last = rng.pick(SURNAMES[language]);
  const owner = { first, last };
  const brands = BRANDS[industry.key];
  const known = brands !== undefined;
  if (language !== 'en') {
    const word = industry.foreign[language];
    const named: NamedBusiness = rng.chance(0.75)
      ? { name: `${word} ${last}`, owner, possessive: false, shape: 'surname' }
      : { name: `${word} ${first}`, owner, possessive: true, shape: 'first-name' };
    const roll = more.next();
    if (known && roll < 0.15) return { name: ownerNamed(industry.key, first, last, language, word), owner, possessive: true, shape: 'owner' };
    if (roll < 0.3) return { name: `${word} ${last} ${FAMILY[language]}`, owner, possessive: false, shape: 'family' };
    return named;
  }
  const noun = rng.pick(industry.nouns);
  const pattern = rng.weighted([
    ['surname', 30],
    ['adjective', 25],
    ['city', 12],
    ['possessive', industry.possessive ? 22 : 0],
    ['family', 10],
  ] as const);
  const roll = more.next();
  if (known && roll < 0.2) return { name: more.pick(brands), owner, possessive: false, shape: 'brand' };
  if (known && roll < 0.32) return { name: ownerNamed(industry.key, first, last, language, ''), owner, possessive: true, shape: 'owner' };
  switch (pattern) {
    case 'surname':
      return { name: `${last} ${noun}`, owner, possessive: false, shape: 'surname' };
    case 'adjective':
      return { name: `${rng.pick(NAME_ADJECTIVES)} ${noun}`, owner, possessive: false, shape: 'adjective' };
    case 'city':
      return { name: `${city.name} ${noun}`, owner, possessive: false, shape: 'city' };
    case 'possessive':
      return { name: `${first}'s ${noun}`, owner, possessive: true, shape: 'first-name' };
    default:
      return { name: `${last} & ${rng.pick(['Sons', 'Daughters', 'Family'])} ${noun}`, owner, possessive: false, shape: 'family' };
  }
}

/**
 * What the domain spells: the name ("lopezplumbing"), its first words ("evergreen" for
 * "Evergreen Plumbing & Drain"), or the trade and the town ("austinplumbers"), as many real
 * small businesses pick a domain that says what they do rather than who they are.
 */
export const DOMAIN_STYLES = ['name', 'short', 'trade-town'] as const;
export type DomainStyle = (typeof DOMAIN_STYLES)[number];

export function domainStyle(more: Rng, name: string): DomainStyle {
  const words = slugify(name).split('-').filter((w) => w !== 'the');
  return more.weighted([['name', 70], ['short', words.length >= 3 ? 15 : 0], ['trade-town', 15]] as const);
}

/** The words the domain is made of, before it is made unique. */
export function domainBase(style: DomainStyle, name: string, industry: Industry, city: City, language: Language): string {
  const join = (text: string) => slugify(text).replace(/-/g, '');
  if (style === 'short') return join(slugify(name).split('-').filter((w) => w !== 'the' && w !== 'and').slice(0, 2).join('-'));
  if (style === 'trade-town') {
    const trade = language === 'en' ? (industry.terms[1] ?? industry.terms[0]) : industry.foreign[language];
    return join(`${city.name} ${trade}`).slice(0, 40);
  }
  return join(name);
}

/** A DNS label made of the name's letters, unique across the sandbox. */
export function uniqueSlug(base: string, city: City, taken: Set<string>): string {
  base = base.slice(0, 40);
  // Tried in this order: the name, the name and city, then the name numbered from 2.
  let slug = base;
  const town = slugify(city.name).replace(/-/g, '');
  if (taken.has(slug) && !base.includes(town)) slug = base + town;
  for (let n = 2; taken.has(slug); n++) slug = `${base}${n}`;
  taken.add(slug);
  return slug;
}

export function pickOwner(rng: Rng, named: NamedBusiness, chanceNamed: number): SiteOwner | null {
  if (!rng.chance(chanceNamed)) return null;
  return { name: `${named.owner.first} ${named.owner.last}`, phrase: rng.pick(['owner', 'founded', 'meet'] as const) };
}

/** Own-domain addresses, the one to pick first at the front. */
export function ownAddresses(rng: Rng, domain: string, language: Language, owner: SiteOwner | null): string[] {
  const role = `${rng.pick(ROLE_LOCALS[language])}@${domain}`;
  if (!owner) return [role];
  const [first, last] = owner.name.split(' ').map((part) => asciiFold(part).toLowerCase());
  const local = rng.pick([first, `${first}.${last}`, `${first[0]}${last}`]);
  const personal = `${local}@${domain}`;
  // A named person's own address is the one to write to; some sites show only the role box.
  return rng.weighted([
    [[role], 40],
    [[personal, role], 40],
    [[personal], 20],
  ] as const).slice();
}

export type PhoneBook = Map<string, number[]>;

/** Fictional 555-01xx numbers, unique per area code while the block lasts. */
export function phoneNumber(rng: Rng, city: City, book: PhoneBook): string {
  let free = book.get(city.areaCode);
  if (!free) book.set(city.areaCode, (free = rng.shuffle(Array.from({ length: 100 }, (_, i) => i))));
  const line = String(100 + (free.shift() ?? rng.int(0, 99))).padStart(4, '0');
  const a = city.areaCode;
  return rng.pick([`(${a}) 555-${line}`, `${a}-555-${line}`, `${a}.555.${line}`, `+1 ${a} 555 ${line}`]);
}

const zipCode = (city: City, n: number) => (city.zipPrefix ? `${city.zipPrefix}${String(n).padStart(2, '0')}` : '');

export function postalAddress(rng: Rng, city: City): SiteAddress {
  return {
    street: `${rng.int(100, 9899)} ${rng.pick(city.streets)}`,
    suite: rng.chance(0.25) ? `Suite ${rng.int(100, 450)}` : null,
    city: city.name,
    state: city.state,
    // A town the sandbox knows no state for gets no ZIP code either.
    zip: zipCode(city, rng.int(1, 49)),
  };
}

const DAYS: Record<Language, { weekdays: string; tueSun: string; monSat: string; sat: string }> = {
  en: { weekdays: 'Mon–Fri', tueSun: 'Tue–Sun', monSat: 'Mon–Sat', sat: 'Sat' },
  es: { weekdays: 'Lun–Vie', tueSun: 'Mar–Dom', monSat: 'Lun–Sáb', sat: 'Sáb' },
  fr: { weekdays: 'Lun–Ven', tueSun: 'Mar–Dim', monSat: 'Lun–Sam', sat: 'Sam' },
  de: { weekdays: 'Mo–Fr', tueSun: 'Di–So', monSat: 'Mo–Sa', sat: 'Sa' },
};

function clock(hour: number, language: Language): string {
  if (language !== 'en') return `${hour}:00`;
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Opening hours as the site displays them, e.g. "Mon–Fri 8:00 AM–6:00 PM, Sat 9:00 AM–1:00 PM". */
export function openingHours(rng: Rng, industry: Industry, language: Language): string {
  const d = DAYS[language];
  const span = (open: number, close: number) => `${clock(open, language)}–${clock(close, language)}`;
  if (industry.booking === 'restaurant') return `${d.tueSun} ${span(11, rng.pick([21, 22]))}`;
  if (industry.booking === 'shop') return `${d.monSat} ${span(rng.pick([7, 8]), rng.pick([15, 17, 18]))}`;
  const weekdays = `${d.weekdays} ${span(rng.pick([7, 8, 9]), rng.pick([17, 18]))}`;
  return rng.chance(0.5) ? `${weekdays}, ${d.sat} ${span(9, rng.pick([12, 13, 14]))}` : weekdays;
}

function imageSrc(cms: Cms | null, stem: string, n: number, retina: boolean): string {
  const file = `${stem}-${n}${retina ? '@2x' : ''}.jpg`;
  switch (cms) {
    case 'WordPress':
      return `/wp-content/uploads/2023/0${(n % 9) + 1}/${file}`;
    case 'Wix':
      return `https://static.wixstatic.com/media/a1b2c3_${stem}${n}~mv2.jpg`;
    case 'Squarespace':
      return `https://images.squarespace-cdn.com/content/v1/5f0a1b2c3d/${file}`;
    case 'Shopify':
      return `//cdn.shopify.com/s/files/1/0612/3456/files/${file}`;
    default:
      return `/images/${file}`;
  }
}

/** The home-page gallery; careless sites leave out alt text and dimensions. */
export function gallery(rng: Rng, industry: Industry, name: string, language: Language, cms: Cms | null, care: number): SiteImage[] {
  const count = rng.int(0, 9);
  const stem = slugify(industry.singular);
  return Array.from({ length: count }, (_, i) => {
    const service = industry.services[i % industry.services.length];
    const [width, height] = rng.pick([[800, 600], [1200, 800], [640, 480], [600, 600]] as const);
    const sized = !rng.chance((1 - care) * 0.8);
    return {
      // "@2x" file names tempt naive email regexes; a contact finder must not take them.
      src: imageSrc(cms, stem, i + 1, i === 0 && rng.chance(0.2)),
      alt: rng.chance((1 - care) * 0.6) ? null : language === 'en' ? `${service} by ${name}` : `${name} (${i + 1})`,
      width: sized ? width : null,
      height: sized ? height : null,
    };
  });
}
