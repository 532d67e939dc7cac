// A business's page on another organisation's site: a franchise network's or a portal's
// subdomain ("almar.partneropony.pl" on Partner Opony Polska's network, "domwakacyjny.
// goscinnawies.pl" on an agritourism portal). Its owner cannot change that site, so nothing
// about it is theirs to fix: the analysis judges nothing and no email is written about it.
import { getDomain, getSubdomain } from 'tldts';
import type { ParsedPage } from './dom.ts';
import { squash, splitParts } from './name-shapes.ts';

export interface NetworkSite {
  /** The organisation's domain ("partneropony.pl"). */
  domain: string;
  /** How the page names the organisation ("Partner Opony Polska"). */
  name: string;
}

/** Subdomains a business uses for a part of its own site: never a sign of someone else's. */
const OWN_PARTS = /^(?:www\d?|m|mobile|shop|store|sklep|tienda|boutique|blog|news|booking|book|app|web|site|home|mail|en|de|fr|es|pt|it|nl|pl|us|uk)$/;

/** The site the page is on, when its domain belongs to an organisation other than the business the page names. */
export function networkSite(url: string, home: ParsedPage, businessName: string | undefined): NetworkSite | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  // The registrable domain by the public suffix list: "partneropony.pl"; "kosmetyczny.olsztyn.pl"
  // and "shop.example.co.uk" are registered under public suffixes (olsztyn.pl, co.uk), so their own.
  const domain = getDomain(host);
  const sub = (getSubdomain(host) ?? '').split('.').filter(Boolean);
  if (!domain || sub.length === 0 || sub.every((label) => OWN_PARTS.test(label))) return undefined;
  const base = squash(domain.split('.')[0]);
  if (base.length < 5) return undefined;
  // The organisation must name itself on the page (title part, site name or copyright), as its domain spells it.
  const $ = home.$;
  const sources = [
    ...splitParts($('title').first().text()),
    $('meta[property="og:site_name"]').attr('content') ?? '',
    $('meta[name="copyright" i]').attr('content') ?? '',
    ...[...home.text.matchAll(/(?:©|\(c\)|copyright)\s*([^\n]{3,80})/gi)].map((m) => m[1]),
  ];
  // The part of a source that names it ("Almar. Pulaskiego 80. Partner Opony Polska" → "Partner Opony Polska").
  const named = sources
    .flatMap((s) => s.split(/\.\s+/))
    .map((s) => s.trim())
    .find((s) => squash(s).includes(base));
  if (!named) return undefined;
  // The business is that organisation (its shop or booking subdomain): its own site.
  const business = squash(businessName ?? '');
  if (!business || business.includes(base) || base.includes(business)) return undefined;
  return { domain, name: named.replace(/\s*\d{4}(?:\s*[-–]\s*\d{4})?\s*$/, '').slice(0, 80) };
}
