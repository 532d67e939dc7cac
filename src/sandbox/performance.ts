// How a sandbox site performs, decided by its host name alone (its own PRNG stream, so the
// rest of the record is untouched): how heavy its home page is, which of its files load
// slowly, whether content jumps, how old its copyright line is, which links and images lead
// nowhere, and what its certificate says. The pages, the server and the ground truth all read
// it from here. Most sites stay "ordinary" (as the sandbox always was): tests that crawl the
// sandbox stay fast, and the delays stay modest (first byte at most 1.5 s, files at most 2 s).
import { CONTENT_TYPES, heroBytes, type HeroFormat, type HeroSpec } from './images.ts';
import { createRng } from './random.ts';
import type { SandboxSite } from './site.ts';

/**
 * ordinary: as before, no hero image, nothing slow; light: a small SVG hero with its
 * dimensions; heavy: a multi-megabyte BMP or PNG hero, slow render-blocking files, often a
 * late banner; slow-server: the home page's first byte comes late, a slow script in <head>.
 */
export const PERFORMANCE_PROFILES = ['ordinary', 'light', 'heavy', 'slow-server'] as const;
export type PerformanceProfile = (typeof PERFORMANCE_PROFILES)[number];

export const PROFILE_WEIGHTS: readonly (readonly [PerformanceProfile, number])[] = [['ordinary', 55], ['light', 20], ['heavy', 15], ['slow-server', 10]];

/** valid; expiring: still valid, ends within two weeks; expired: ended (browsers warn, verifying clients refuse it); none: http only. */
export type CertificateState = 'valid' | 'expiring' | 'expired' | 'none';

export interface HeroImage extends HeroSpec {
  path: string;
  alt: string;
  /** Whether the <img> carries width and height (without them the text below jumps when it arrives). */
  sized: boolean;
  bytes: number;
  contentType: string;
}

export interface BrokenResource {
  /** Path on the site. */
  path: string;
  kind: 'link' | 'image';
  status: 404 | 410 | 500;
  /** The pages that carry it. */
  on: string[];
}

export interface SitePerformance {
  profile: PerformanceProfile;
  /** On the home page only, above the content (null: none). */
  hero: HeroImage | null;
  /** Stylesheets and scripts in <head> without async/defer, each answered after renderBlockingDelayMs. */
  renderBlocking: string[];
  renderBlockingDelayMs: number;
  /** Wait before the home page's first byte (not counting the "slow" fault's own 3-5 s). */
  firstByteDelayMs: number;
  /** A banner pushed in above the content about a second after the page loads. */
  layoutShift: boolean;
  /** The newest year of the footer's copyright line. */
  copyrightYear: number;
  staleCopyright: boolean;
  certificate: CertificateState;
  /** Days from when the certificate is made to its end (negative: ended that long ago); null for valid and none. */
  certificateDays: number | null;
  /** A link on the home page to a page that is gone (or fails). */
  deadLink: { path: string; status: 404 | 410 | 500 } | null;
  /** A gallery image whose file is missing (404). */
  missingImage: string | null;
  /** What the phone link dials when two of its digits are swapped (it shows the right number), or null. */
  mistypedPhoneLink: string | null;
}

/** What a phone link to the site's number dials: "+1" and its ten digits. */
export const telOf = (phone: string): string => '+1' + phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** The number with its last two different neighbouring digits swapped: a typo in the link alone. */
function swapped(tel: string): string {
  const d = tel.split('');
  for (let i = d.length - 1; i > 2; i--) {
    if (d[i] !== d[i - 1]) {
      [d[i], d[i - 1]] = [d[i - 1], d[i]];
      break;
    }
  }
  return d.join('');
}

export const BANNER_DELAY_MS = 1000;

const HOSTED = new Set(['Wix', 'Squarespace', 'Shopify']);

/** Gallery images on the site's own host (hosted builders serve theirs from a CDN). */
const localImages = (site: SandboxSite) => site.images.filter((i) => i.src.startsWith('/') && !i.src.startsWith('//'));

function heroFor(site: SandboxSite, format: HeroFormat, width: number, height: number, sized: boolean): HeroImage {
  const ext = format === 'svg' ? 'svg' : format;
  const file = `hero-${site.slug.slice(0, 24)}.${ext}`;
  const path = site.cms === 'WordPress' ? `/wp-content/uploads/2019/06/${file}` : `/images/${file}`;
  const spec: HeroSpec = { format, width, height, seed: site.slug };
  return { ...spec, path, alt: site.name, sized, bytes: heroBytes(spec), contentType: CONTENT_TYPES[format] };
}

function decide(site: SandboxSite): SitePerformance {
  const rng = createRng(`performance/${site.slug}`);
  const profile = rng.weighted(PROFILE_WEIGHTS);
  let hero: HeroImage | null = null;
  let renderBlocking: string[] = [];
  let renderBlockingDelayMs = 0;
  let firstByteDelayMs = 0;
  let layoutShift = false;
  if (profile === 'light') hero = heroFor(site, 'svg', 800, 450, true);
  if (profile === 'heavy') {
    const width = rng.pick([1280, 1440, 1600, 1920]);
    hero = heroFor(site, rng.pick(['bmp', 'png'] as const), width, Math.round((width * 9) / 16), rng.chance(0.4));
    renderBlocking = ['/assets/theme.css', '/assets/main.js'];
    renderBlockingDelayMs = rng.int(8, 20) * 100;
    layoutShift = rng.chance(0.6);
  }
  if (profile === 'slow-server') {
    firstByteDelayMs = rng.int(7, 15) * 100;
    renderBlocking = ['/assets/main.js'];
    renderBlockingDelayMs = rng.int(3, 9) * 100;
  }

  const current = new Date().getFullYear();
  const staleCopyright = site.founded <= 2019 && rng.chance(0.35);
  const copyrightYear = staleCopyright ? rng.int(Math.max(site.founded, 2011), 2019) : current;

  let certificate: CertificateState = site.scheme === 'http' ? 'none' : 'valid';
  let certificateDays: number | null = null;
  // Hosted builders renew their customers' certificates themselves.
  if (certificate === 'valid' && !HOSTED.has(site.cms ?? '')) {
    const roll = rng.next();
    if (roll < 0.05) [certificate, certificateDays] = ['expired', -rng.int(3, 200)];
    else if (roll < 0.1) [certificate, certificateDays] = ['expiring', rng.int(2, 14)];
  }

  const deadLink = rng.chance(0.15) ? { path: rng.pick(['/specials', '/news', '/blog/2019-open-house']), status: rng.pick([404, 410, 500] as const) } : null;
  const local = localImages(site);
  const missingImage = local.length > 0 && rng.chance(0.2) ? rng.pick(local).src : null;
  // Drawn last, so that the draws above (and every site's other faults) stay as they were.
  const mistypedPhoneLink = site.phone && rng.chance(0.08) ? swapped(telOf(site.phone)) : null;
  return { profile, hero, renderBlocking, renderBlockingDelayMs, firstByteDelayMs, layoutShift, copyrightYear, staleCopyright, certificate, certificateDays, deadLink, missingImage, mistypedPhoneLink };
}

const decided = new WeakMap<SandboxSite, SitePerformance>();

/** The same for the same host, whatever the seed or the process. */
export function sitePerformance(site: SandboxSite): SitePerformance {
  let found = decided.get(site);
  if (!found) decided.set(site, (found = decide(site)));
  return found;
}

/** The home page's <img> tags in order: the hero (if any), then the gallery. */
export function homeImages(site: SandboxSite): { src: string; alt: string | null; width: number | null; height: number | null }[] {
  const hero = sitePerformance(site).hero;
  const first = hero ? [{ src: hero.path, alt: hero.alt, width: hero.sized ? hero.width : null, height: hero.sized ? hero.height : null }] : [];
  return [...first, ...site.images];
}

/** The words of the dead link, in the site's language. */
export const DEAD_LINK_TEXT: Record<SandboxSite['language'], string> = {
  en: 'Seasonal offers',
  es: 'Ofertas de temporada',
  fr: 'Offres de saison',
  de: 'Saisonangebote',
};
