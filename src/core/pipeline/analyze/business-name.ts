// The business's own name, as it would be written in an email ("Novak Dental", not
// "Novak Dental | Denver's friendly neighborhood dentist"), from what the site says about
// itself: schema.org data, og:site_name, then the part of the title that names the domain.
import type { Proof } from '../../model/analysis.ts';
import { stringProp, typesOf, type ParsedPage } from './dom.ts';

const GENERIC = /^(home|home ?page|welcome|index|start|main|official (web)?site|untitled|inicio|accueil|startseite|strona g[łl][óo]wna|bienvenid[oa]s?|bienvenue|willkommen)$/i;
const NOT_BUSINESS = /^(WebSite|WebPage|BreadcrumbList|ListItem|ImageObject|Article|BlogPosting|Person|SearchAction|SiteNavigationElement|Product|Offer|Review|FAQPage|Question|Answer|Event)$/;

const squash = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]/g, '');
const tidy = (s: string) => s.replace(/\s+/g, ' ').replace(/^[\s|·•»:,–—-]+|[\s|·•»:,–—-]+$/g, '').trim();
const usable = (s: string | undefined): s is string => Boolean(s && s.length >= 2 && s.length <= 60 && !GENERIC.test(s) && /\p{L}/u.test(s));

function hostLabel(url: string): string {
  try {
    const parts = new URL(url).hostname.replace(/^www\./, '').split('.');
    return squash(parts.length > 2 && parts[parts.length - 2].length <= 3 ? parts[parts.length - 3] : parts[0]);
  } catch {
    return '';
  }
}

/** Title parts: "Home | Smith Plumbing – Austin's plumber" → ["Smith Plumbing", "Austin's plumber"]. */
export function titleParts(title: string): string[] {
  return title
    .split(/\s+[|·•»:~–—-]\s+|\s*(?:\||::|–|—|»)\s*/)
    .map((p) => tidy(p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, '')))
    .filter(usable);
}

/** Shares enough with the domain to be its name: "Patel Dental Care" ~ pateldentalcare.com. */
function namesDomain(name: string, label: string): boolean {
  const s = squash(name);
  if (!s || !label) return false;
  if (s === label || label.startsWith(s) || s.startsWith(label)) return true;
  const words = name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  return words.length > 0 && words.filter((w) => label.includes(squash(w))).length >= Math.ceil(words.length / 2);
}

export function businessName(home: ParsedPage, pages: ParsedPage[]): { name: string; proof: Proof } | undefined {
  const url = home.page.finalUrl || home.page.url;
  const label = hostLabel(url);
  const proof = (name: string, detail: string, confidence: number) => ({ name, proof: { url, detail, confidence } });
  const ld = pages
    .flatMap((p) => p.jsonLd)
    .filter((o) => typesOf(o).some((t) => !NOT_BUSINESS.test(t)))
    .map((o) => tidy(stringProp(o, 'name') ?? ''))
    .find(usable);
  if (ld) return proof(ld, `schema.org name "${ld}"`, namesDomain(ld, label) ? 1 : 0.85);
  const site = tidy(home.$('meta[property="og:site_name" i]').attr('content') ?? '');
  if (usable(site) && !/^https?:|\.\w{2,4}$/.test(site)) return proof(site, `og:site_name "${site}"`, namesDomain(site, label) ? 0.95 : 0.8);
  const title = home.$('title').first().text().replace(/\s+/g, ' ').trim();
  const parts = titleParts(title);
  const match = parts.find((p) => namesDomain(p, label));
  if (match) return proof(match, `the part of the title "${title.slice(0, 120)}" that matches the domain`, 0.9);
  return undefined;
}
