// generateSites: the whole sandbox web as data, from a seed. Rare features come from shuffled
// decks (exact proportions, whatever the seed); the rest from a per-site PRNG stream.
import { INDUSTRIES, type Industry } from './catalog/industries.ts';
import { AGENCIES, type Language } from './catalog/names.ts';
import { CITIES, type City } from './catalog/places.ts';
import {
  businessName,
  domainBase,
  domainStyle,
  gallery,
  openingHours,
  ownAddresses,
  phoneNumber,
  pickOwner,
  postalAddress,
  uniqueSlug,
  type PhoneBook,
} from './generate-details.ts';
import { createRng, deal, type Rng } from './random.ts';
import type { Booking, Cms, EmailPresentation, Fault, RobotsPolicy, SandboxSite, Template } from './site.ts';

export interface GenerateOptions {
  seed: string;
  count: number;
}

/** Search examples the docs use get enough sites to fill more than one results page. */
const SHOWCASE: readonly [string, string][] = [
  ['plumbers', 'Austin'],
  ['dentists', 'Denver'],
];

export interface Slot {
  industry: Industry;
  city: City;
}

function allocate(seed: string, count: number): Slot[] {
  const rng = createRng(`${seed}/allocate`);
  const perShowcase = count >= 60 ? Math.round(count * 0.05) : 0;
  const slots: Slot[] = [];
  for (const [key, cityName] of SHOWCASE) {
    const industry = INDUSTRIES.find((i) => i.key === key)!;
    const city = CITIES.find((c) => c.name === cityName)!;
    for (let n = 0; n < perShowcase; n++) slots.push({ industry, city });
  }
  const rest = count - slots.length;
  const industries = deal(rng, rest, INDUSTRIES.map((i) => [i, 1] as const), 0);
  const cities = deal(rng, rest, CITIES.map((c) => [c, 1] as const), 0);
  for (let n = 0; n < rest; n++) slots.push({ industry: industries[n], city: cities[n] });
  return rng.shuffle(slots);
}

export interface Dealt {
  language: Language;
  cms: Cms | null;
  presentation: EmailPresentation;
  fault: Fault;
  robots: RobotsPolicy;
}

type Weights<T> = readonly (readonly [T, number])[];

/** How often each feature value appears: exact shares in a generated sandbox (decks), odds elsewhere. */
export const FEATURE_WEIGHTS: {
  language: Weights<Language>;
  cms: Weights<Cms | null>;
  presentation: Weights<EmailPresentation>;
  fault: Weights<Fault>;
  robots: Weights<RobotsPolicy>;
} = {
  language: [['en', 80], ['es', 10], ['fr', 5], ['de', 5]],
  cms: [[null, 46], ['WordPress', 28], ['Wix', 10], ['Shopify', 8], ['Squarespace', 8]],
  presentation: [
    ['mailto', 30], ['text', 14], ['at-brackets', 8], ['at-parens', 6], ['entities', 7],
    ['cloudflare', 7], ['contact-page', 10], ['json-ld', 8], ['none', 10],
  ],
  fault: [['none', 84], ['slow', 4], ['500', 3], ['404', 3], ['redirect', 6]],
  robots: [
    ['allow-all', 64], ['missing', 12], ['block-other-bot', 6], ['star-blocked-outreach-allowed', 4],
    ['disallow-contact', 6], ['star-disallow-contact', 5], ['disallow-all', 3],
  ],
};

function dealFeatures(seed: string, count: number): Dealt[] {
  const deck = <T>(name: string, entries: Weights<T>) => deal(createRng(`${seed}/deck/${name}`), count, entries);
  const w = FEATURE_WEIGHTS;
  const languages = deck<Language>('language', w.language);
  const cms = deck<Cms | null>('cms', w.cms);
  const presentations = deck<EmailPresentation>('email', w.presentation);
  const faults = deck<Fault>('fault', w.fault);
  const robots = deck<RobotsPolicy>('robots', w.robots);
  return languages.map((language, i) => ({ language, cms: cms[i], presentation: presentations[i], fault: faults[i], robots: robots[i] }));
}

const HOSTED: ReadonlySet<Cms | null> = new Set<Cms | null>(['Wix', 'Squarespace', 'Shopify']);

function pickBooking(rng: Rng, industry: Industry): Booking | null {
  switch (industry.booking) {
    case 'appointments':
      return rng.chance(0.45) ? rng.pick(['Calendly', 'Acuity Scheduling', 'Square Appointments'] as const) : null;
    case 'restaurant':
      return rng.chance(0.45) ? 'OpenTable' : null;
    case 'trade':
      return rng.chance(0.2) ? rng.pick(['Calendly', 'Square Appointments'] as const) : null;
    default:
      return rng.chance(0.06) ? 'Square Appointments' : null;
  }
}

function pickTemplate(rng: Rng, cms: Cms | null): Template {
  if (HOSTED.has(cms)) return 'modern';
  if (cms === 'WordPress') return rng.pick(['classic', 'modern'] as const);
  return rng.weighted([['classic', 45], ['modern', 40], ['retro', 15]] as const);
}

export interface Shared {
  taken: Set<string>;
  phones: PhoneBook;
}

/**
 * One site record from its own PRNG stream. `slug` fixes the host label (sites generated for
 * a search query carry their query in it); otherwise a unique one is made from the name.
 */
export function buildSite(rng: Rng, index: number, slot: Slot, dealt: Dealt, shared: Shared, fixedSlug?: string): SandboxSite {
  const { industry, city } = slot;
  const { language, cms, presentation, fault, robots } = dealt;
  const template = pickTemplate(rng, cms);
  // How much care went into the site: careless ones skip alt text, dimensions and labels.
  const care = template === 'retro' ? rng.next() * 0.5 : HOSTED.has(cms) ? 0.4 + rng.next() * 0.6 : rng.next();

  // The name's shape and the domain's words come from their own stream, so the rest of the record stays as it was.
  const more = createRng(`naming/${industry.key}/${city.name}/${index}/${fixedSlug ?? ''}`);
  const named = businessName(rng, industry, city, language, more);
  const domainWords = domainStyle(more, named.name);
  const slug = fixedSlug ?? uniqueSlug(domainBase(domainWords, named.name, industry, city, language), city, shared.taken);
  const domain = `${slug}.${rng.weighted([['com', 85], ['net', 10], ['co', 5]] as const)}`;
  const owner = pickOwner(rng, named, named.possessive ? 0.7 : 0.35);
  const own = presentation === 'none' ? [] : ownAddresses(rng, domain, language, owner);
  // A webmaster's address only where the business's own address is on the home page too.
  const homeHasOwn = presentation !== 'none' && presentation !== 'contact-page';
  const agency = homeHasOwn && rng.chance(0.15) ? rng.pick(AGENCIES) : null;

  const viewport = HOSTED.has(cms) ? true : cms === 'WordPress' ? rng.chance(0.8) : template === 'retro' ? false : rng.chance(0.55);
  const scheme = HOSTED.has(cms) ? 'https' : rng.chance(0.47) ? 'http' : 'https';
  const ecommerce = cms === 'Shopify' ? 'Shopify' : cms === 'WordPress' && rng.chance(industry.sellsGoods ? 0.5 : 0.15) ? 'WooCommerce' : null;
  const pages = {
    contact: presentation === 'contact-page' || rng.chance(0.85),
    about: rng.chance(0.8),
    services: rng.chance(0.75),
  };

  return {
    index,
    slug,
    name: named.name,
    nameShape: named.shape,
    domainStyle: fixedSlug ? 'trade-town' : domainWords,
    industry: industry.key,
    city: city.name,
    state: city.state,
    language,
    langAttribute: language === 'en' ? rng.chance(template === 'retro' ? 0.4 : 0.88) : rng.chance(0.6),
    scheme,
    template,
    viewport,
    cms,
    ecommerce,
    booking: pickBooking(rng, industry),
    liveChat: rng.chance(0.2) ? rng.pick(['Tawk.to', 'Intercom', 'Drift'] as const) : null,
    analytics: rng.chance(0.55) ? rng.weighted([['Google Analytics', 3], ['Plausible', 1]] as const) : null,
    contactForm: rng.chance(cms === 'WordPress' ? 0.65 : 0.55),
    newsletterForm: rng.chance(0.15),
    images: gallery(rng, industry, named.name, language, cms, care),
    emptyLinks: rng.chance(0.6 - care * 0.4) ? rng.int(2, 4) : 0,
    domain,
    email: {
      presentation,
      own: presentation === 'json-ld' ? own.slice(0, 1) : own,
      thirdParty: agency ? `${agency.local}@${agency.domain}` : null,
      agency: agency?.name ?? null,
    },
    owner,
    founded: rng.int(1978, 2021),
    phone: rng.chance(0.94) ? phoneNumber(rng, city, shared.phones) : null,
    address: rng.chance(0.85) ? postalAddress(rng, city) : null,
    hours: rng.chance(0.8) ? openingHours(rng, industry, language) : null,
    jsonLd: presentation === 'json-ld' || rng.chance(0.35),
    pages,
    navLinksMissingPages: rng.chance(template === 'retro' ? 0.6 : 0.2),
    robots,
    fault,
    slowMs: fault === 'slow' ? rng.int(3000, 5000) : 0,
    rating: Math.round((3.4 + rng.next() * 1.6) * 10) / 10,
    reviews: rng.int(3, 480),
    textSeed: rng.int(1, 2 ** 31 - 1),
    cfKey: rng.int(1, 255),
  };
}

/** The sandbox web: `count` sites, identical for the same seed on every machine. */
export function generateSites({ seed, count }: GenerateOptions): SandboxSite[] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`the sandbox needs a whole number of sites, got ${count}`);
  const slots = allocate(seed, count);
  const dealt = dealFeatures(seed, count);
  const shared: Shared = { taken: new Set(), phones: new Map() };
  return slots.map((slot, index) => buildSite(createRng(`${seed}/site/${index}`), index, slot, dealt[index], shared));
}
