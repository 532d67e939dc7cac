// Which pages of a site matter besides the home page: contact, about, services and team
// pages linked from the home page (by path or link text, in the languages the product
// meets), then the conventional /contact, /about, /services when the home page links none.
import type { CrawledPage } from '../../core/model/crawl.ts';

export type PageKind = CrawledPage['kind'];

export interface HomeLink {
  href: string;
  text: string;
}

export interface PageTarget {
  url: string;
  kind: PageKind;
  /** False for a conventional path tried without a link to it. */
  linked: boolean;
}

/** Whole words only; letters outside ASCII count as letters (über, équipe). */
const words = (alternatives: string) => new RegExp(`(?<![\\p{L}\\d])(?:${alternatives})(?![\\p{L}\\d])`, 'u');
const SEP = '[-_ ]?';

const PATTERNS: { kind: PageKind; topic: string; re: RegExp }[] = [
  { kind: 'contact', topic: 'contact', re: words(`contact(${SEP}us)?|kontakt|contacto|contato|contatti|contactez|nous${SEP}contacter|get${SEP}in${SEP}touch|reach${SEP}us`) },
  { kind: 'about', topic: 'about', re: words(`about(${SEP}us)?|(ü|ue|u)ber${SEP}uns|(a|à)${SEP}propos|qui(e|é)nes${SEP}somos|sobre${SEP}nos(otros)?|chi${SEP}siamo|our${SEP}story|who${SEP}we${SEP}are`) },
  { kind: 'services', topic: 'services', re: words(`services?|leistungen|servicios|servi(ç|c)os|servizi|prestations|what${SEP}we${SEP}do|treatments`) },
  { kind: 'about', topic: 'team', re: words(`(our${SEP}|meet${SEP}the${SEP})?team|staff|equipo|(é|e)quipe|mitarbeiter`) },
];

const CONVENTIONAL: { path: string; kind: PageKind; topic: string }[] = [
  { path: '/contact', kind: 'contact', topic: 'contact' },
  { path: '/about', kind: 'about', topic: 'about' },
  { path: '/services', kind: 'services', topic: 'services' },
];

const NOT_A_PAGE = /\.(pdf|jpe?g|png|gif|webp|svg|zip|docx?|xlsx?|mp[34]|css|js)$/i;

/** Same site: the same hostname, ignoring a leading "www.". */
export function sameSite(a: URL, b: URL): boolean {
  const bare = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, '');
  return bare(a) === bare(b);
}

function topicOf(url: URL, text: string): (typeof PATTERNS)[number] | undefined {
  let path = url.pathname.toLowerCase();
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  const label = text.toLowerCase().replace(/\s+/g, ' ').trim();
  return PATTERNS.find((p) => p.re.test(path)) ?? PATTERNS.find((p) => p.re.test(label));
}

/** The pages to fetch after the home page, best first, at most `limit`. */
export function pagesToVisit(home: URL, links: HomeLink[], limit: number): PageTarget[] {
  const seen = new Set([key(home)]);
  const byTopic = new Map<string, PageTarget>();
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link.href, home);
    } catch {
      continue;
    }
    url.hash = '';
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameSite(url, home) || NOT_A_PAGE.test(url.pathname)) continue;
    if (seen.has(key(url))) continue;
    const topic = topicOf(url, link.text);
    if (!topic || byTopic.has(topic.topic)) continue;
    seen.add(key(url));
    byTopic.set(topic.topic, { url: url.href, kind: topic.kind, linked: true });
  }
  const targets = PATTERNS.map((p) => byTopic.get(p.topic)).filter((t): t is PageTarget => t !== undefined);
  for (const c of CONVENTIONAL) {
    const url = new URL(c.path, home);
    if (byTopic.has(c.topic) || seen.has(key(url))) continue;
    seen.add(key(url));
    targets.push({ url: url.href, kind: c.kind, linked: false });
  }
  return targets.slice(0, Math.max(0, limit));
}

function key(url: URL): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${url.hostname.replace(/^www\./, '')}${path}${url.search}`;
}
