// Where and how a sandbox site shows its name, decided by its host name alone (its own PRNG
// stream, as performance.ts decides speed, so the rest of the record is untouched). Real small
// business pages make naming hard (see tests/fixtures/realweb/names/): a title that is a slogan
// or "Home | ...", the name only in a logo's alt text, og:site_name or schema.org, a tagline
// beside the name in the header, a heading that says "Welcome to ..." or "Plumbers in Austin",
// a copyright line with the legal form ("© 2019 Lopez Plumbing LLC. All rights reserved."), in
// capitals, naming the owner, or naming no one, and a web agency's credit in the footer. The
// business's real name stays `site.name`, which the ground truth reports.
import { FOREIGN_SLOGANS, LEGAL_FORMS, SLOGANS, TRADE_IN, WELCOME } from './catalog/brands.ts';
import { AGENCIES } from './catalog/names.ts';
import { industryByKey } from './catalog/industries.ts';
import { sitePerformance } from './performance.ts';
import { createRng } from './random.ts';
import { COPY, type CopyContext } from './render/copy.ts';
import type { SandboxSite } from './site.ts';

/** The <title> of the home page. */
export const TITLE_STYLES = ['name-tagline', 'tagline-name', 'home-name', 'name-only', 'tagline-only', 'name-city', 'trade-name'] as const;
/** The header's brand: the name as text, the name with a tagline beside it, or a logo image whose alt text is the name. */
export const BRAND_STYLES = ['text', 'text-tagline', 'logo-alt'] as const;
/** The home page's <h1>. */
export const HEADING_STYLES = ['name', 'tagline', 'welcome', 'trade-in-place'] as const;
/** The footer's copyright line: "© 2019 Lopez Plumbing", "... Lopez Plumbing LLC. All rights reserved.", "... LOPEZ PLUMBING, LLC", "... Maria Lopez", "... All rights reserved." */
export const COPYRIGHT_STYLES = ['name', 'legal', 'capitals', 'owner', 'no-holder'] as const;
/** A web agency's credit in the footer (without an address: sites with the agency's address carry it already). */
export const CREDIT_STYLES = ['none', 'line', 'after-copyright'] as const;

export type TitleStyle = (typeof TITLE_STYLES)[number];
export type BrandStyle = (typeof BRAND_STYLES)[number];
export type HeadingStyle = (typeof HEADING_STYLES)[number];
export type CopyrightStyle = (typeof COPYRIGHT_STYLES)[number];
export type CreditStyle = (typeof CREDIT_STYLES)[number];

export interface SiteNaming {
  title: TitleStyle;
  brand: BrandStyle;
  heading: HeadingStyle;
  /** <meta property="og:site_name"> with the name. */
  siteName: boolean;
  copyright: CopyrightStyle;
  /** The holder as the copyright line and schema.org legalName write it ("Lopez Plumbing LLC"), or null. */
  legalName: string | null;
  credit: CreditStyle;
  /** The agency the credit names (credit "none": null). */
  agency: { name: string; domain: string } | null;
  /** The slogan of the title, the header and the tagline under the heading. */
  tagline: string;
  /** "Plumbers in Austin, TX". */
  tradeInPlace: string;
}

const where = (site: SandboxSite) => (site.state ? `${site.city}, ${site.state}` : site.city);

function taglines(site: SandboxSite): string[] {
  const industry = industryByKey(site.industry);
  const c: CopyContext = { name: site.name, city: site.city, state: site.state, industry, founded: site.founded };
  const general = COPY[site.language].taglines.map((t) => t(c));
  const language = site.language;
  if (language === 'en') return [...general, ...(SLOGANS[site.industry] ?? [])];
  return [...general, ...FOREIGN_SLOGANS[language].map((t) => t(industry.trade[language], site.city))];
}

function decide(site: SandboxSite): SiteNaming {
  const rng = createRng(`naming/${site.slug}`);
  const industry = industryByKey(site.industry);
  let title = rng.weighted<TitleStyle>([['name-tagline', 28], ['tagline-name', 14], ['home-name', 12], ['name-only', 10], ['tagline-only', 18], ['name-city', 10], ['trade-name', 8]]);
  const brand = rng.weighted<BrandStyle>([['text', 45], ['text-tagline', 25], ['logo-alt', 30]]);
  const heading = rng.weighted<HeadingStyle>([['name', 50], ['tagline', 25], ['welcome', 15], ['trade-in-place', 10]]);
  const siteName = rng.chance(0.35);
  // A table-layout site writes its name in bold type, which marks nothing as a brand: its title names it
  // unless a logo image, og:site_name or schema.org does (a page that names itself nowhere has no truth to test).
  if (site.template === 'retro' && brand !== 'logo-alt' && !siteName && !site.jsonLd && title === 'tagline-only') title = 'name-tagline';
  const copyright = rng.weighted<CopyrightStyle>([['name', 40], ['legal', 22], ['capitals', 10], ['owner', site.owner ? 10 : 0], ['no-holder', 18]]);
  const form = rng.pick(LEGAL_FORMS[site.language]);
  // "LOPEZ PLUMBING, LLC", "SANITÄRTECHNIK WEBER GmbH": the name in capitals, the legal form as registered.
  const legalName = copyright === 'legal' ? `${site.name} ${form}` : copyright === 'capitals' ? `${site.name.toUpperCase()}${site.language === 'en' ? ',' : ''} ${form}` : null;
  // The agency that left its address already has its credit; the others sometimes sign the footer.
  const credit = site.email.agency ? 'none' : rng.weighted<CreditStyle>([['none', 75], ['line', 15], ['after-copyright', 10]]);
  const agency = credit === 'none' ? null : rng.pick(AGENCIES);
  // Capitalised as a title or a header writes it.
  const tagline = rng.pick(taglines(site)).replace(/^\p{Ll}/u, (ch) => ch.toUpperCase());
  const trade = site.language === 'en' ? industry.label : industry.foreign[site.language];
  return {
    title,
    brand,
    heading,
    siteName,
    copyright,
    legalName,
    credit,
    agency: agency && { name: agency.name, domain: agency.domain },
    tagline,
    tradeInPlace: `${trade} ${TRADE_IN[site.language]} ${where(site)}`,
  };
}

const decided = new WeakMap<SandboxSite, SiteNaming>();

/** The same for the same host, whatever the seed or the process. */
export function siteNaming(site: SandboxSite): SiteNaming {
  let found = decided.get(site);
  if (!found) decided.set(site, (found = decide(site)));
  return found;
}

/** The home page's <title>. */
export function homeTitle(site: SandboxSite): string {
  const n = siteNaming(site);
  switch (n.title) {
    case 'name-tagline':
      return `${site.name} | ${n.tagline}`;
    case 'tagline-name':
      return `${n.tagline} - ${site.name}`;
    case 'home-name':
      return `${COPY[site.language].nav.home} | ${site.name}`;
    case 'name-only':
      return site.name;
    case 'tagline-only':
      return n.tagline;
    case 'name-city':
      return `${site.name} - ${where(site)}`;
    case 'trade-name':
      return `${n.tradeInPlace} | ${site.name}`;
  }
}

/** The home page's <h1>. */
export function homeHeading(site: SandboxSite): string {
  const n = siteNaming(site);
  switch (n.heading) {
    case 'name':
      return site.name;
    case 'tagline':
      return n.tagline;
    case 'welcome':
      return WELCOME[site.language](site.name);
    case 'trade-in-place':
      return n.tradeInPlace;
  }
}

/** The year part of the copyright line: "2019", "2009–2016". */
function years(site: SandboxSite): string {
  const year = sitePerformance(site).copyrightYear;
  return site.founded < year ? `${site.founded}–${year}` : String(year);
}

/** The copyright notice as a reader quotes it: the years and the holder, without the rights clause or a credit. */
export function copyrightNotice(site: SandboxSite): string {
  const n = siteNaming(site);
  switch (n.copyright) {
    case 'name':
      return `© ${years(site)} ${site.name}`;
    case 'legal':
      return `© ${years(site)} ${n.legalName}`;
    case 'capitals':
      return `Copyright © ${years(site)} ${n.legalName}`;
    case 'owner':
      return `© ${years(site)} ${site.owner!.name}`;
    case 'no-holder':
      return `© ${years(site)}`;
  }
}

const RIGHTS: Record<SandboxSite['language'], string> = {
  en: 'All rights reserved.',
  es: 'Todos los derechos reservados.',
  fr: 'Tous droits réservés.',
  de: 'Alle Rechte vorbehalten.',
};

const CREDIT_WORDS = ['Website by', 'Web design by', 'Designed by', 'Site by'] as const;

/** The agency's credit as the footer writes it ("Website by Bluepeak Web"), or null. */
export function agencyCredit(site: SandboxSite): string | null {
  const n = siteNaming(site);
  if (!n.agency) return null;
  return `${CREDIT_WORDS[site.textSeed % CREDIT_WORDS.length]} ${n.agency.name}`;
}

/** The footer's copyright line, e.g. "© 2009–2016 Lopez Plumbing LLC. All rights reserved. · Website by Bluepeak Web". */
export function copyrightText(site: SandboxSite): string {
  const n = siteNaming(site);
  const notice = copyrightNotice(site);
  const rights = n.copyright === 'legal' || n.copyright === 'no-holder' || n.copyright === 'capitals' ? `${n.copyright === 'no-holder' || notice.endsWith('.') ? ' ' : '. '}${RIGHTS[site.language]}` : '';
  const credit = n.credit === 'after-copyright' ? ` · ${agencyCredit(site)}` : '';
  return `${notice}${rights}${credit}`;
}

/** The header's logo image on "logo-alt" sites (its alt text is the only place the header names the business), else null. */
export function logoImage(site: SandboxSite): { src: string; alt: string; width: number; height: number } | null {
  if (siteNaming(site).brand !== 'logo-alt') return null;
  const src = site.cms === 'WordPress' ? '/wp-content/uploads/2019/06/logo.png' : '/images/logo.png';
  // Some themes write "<name> logo" in the alt text, others the name alone.
  const alt = site.textSeed % 3 === 0 ? `${site.name} logo` : site.name;
  return { src, alt, width: 240, height: 80 };
}
