// The witnesses a page's own furniture offers about the business's name, read for
// business-name.ts: the logo (its alt text, the header's brand), the copyright holder (never
// the line itself, nor the web agency a copyright line credits) and the name a footer's address
// line starts with.
import { addressFromText } from './address.ts';
import type { ParsedPage } from './dom.ts';
import { CREDIT, splitParts, squash, tidy } from './name-shapes.ts';

/** Where a witness was read. */
export type WitnessKind = 'schema.org' | 'og:site_name' | 'title' | 'logo' | 'heading' | 'copyright' | 'imprint' | 'text' | 'domain';

/** One thing the page says that may be the name. */
export interface Reading {
  kind: WitnessKind;
  /** The candidate name this reading offers. */
  text: string;
  /** What the page writes, for the evidence. */
  quote: string;
  /** A title that is only this name (no other part): as strong as og:site_name. */
  whole?: boolean;
}

const LOGO = /logo|brand|site-?title|site-?name/i;

export function logoTexts(page: ParsedPage): Reading[] {
  const $ = page.$;
  const out: Reading[] = [];
  let seen = 0;
  $('img').each((_, img) => {
    const a = img.attribs;
    if (!LOGO.test(`${a.class ?? ''} ${a.id ?? ''} ${a.src ?? ''} ${a.alt ?? ''}`)) return;
    // The site's own logo sits in the header or links home; partners' logos further down do not name it.
    const home = $(img).closest('a').attr('href') ?? '';
    const inHeader = $(img).closest('header, nav, #header, .header, [class*="navbar"], [class*="logo"], [id*="logo"]').length > 0;
    if (seen++ >= 2 && !inHeader && !/^(?:\/|\.\/|#|index\.\w+|https?:\/\/[^/]+\/?)$/i.test(home)) return;
    // "Peppermill Logo Large": the words after "logo" that say which image it is are no part of the name.
    const alt = tidy((a.alt ?? '').replace(/\b(?:company\s+)?logo(?:\s+(?:de\s+la\s+empresa|of|for|firmy))?\b(?:\s+(?:large|small|big|white|black|dark|light|colou?r|header|footer|main|top|new|mobile|retina|hd|transparent|png|svg|\d+))*(?=\s|$)/gi, ' '));
    // An alt text with a tagline after a comma ("kamienie Zywiec, transport w ciezkim terenie") offers each part too.
    const parts = splitParts(alt);
    for (const text of alt ? [alt, ...(parts.length > 1 ? parts : [])] : []) out.push({ kind: 'logo', text: tidy(text), quote: `the logo's alt text "${tidy(a.alt ?? '')}"` });
  });
  $('.navbar-brand, .logo, #logo, .site-title, .site-name, .brand, [class*="logo-text"], [class*="logoText"]').each((_, el) => {
    const text = tidy($(el).text());
    if (text && text.length <= 60) out.push({ kind: 'logo', text, quote: `the header's brand "${text}"` });
  });
  return out.slice(0, 8);
}

/** The holder of a copyright line, without the year, the rights clause or a web agency's credit. */
export function copyrightHolder(line: string): string | undefined {
  const m = /(?:(?:©|\(c\)|&copy;|\bcopyright\b)\s*)+(?:\d{4}\s*(?:[-–]\s*\d{4})?)?\s*[,.:-]?\s*(.+)$/i.exec(line);
  if (!m) return undefined;
  let holder = m[1];
  const credit = CREDIT.exec(holder);
  if (credit) holder = holder.slice(0, credit.index);
  holder = holder
    .split(/\s*(?:[|•·]|\.\s|\s-\s|all rights|alle rechte|alle rechten|wszelkie|wszystkie prawa|tous droits|todos los|todos os direitos|tutti i|reserved)/i)[0]
    // "Issaquah Valley Dental Care Dr. Dr Ajay Dhankhar DDS": the doctors named after the practice.
    .split(/\s+(?:Drs?\.?|Dres\.?|Prof\.)(?=\s|$)/)[0]
    .replace(/\s*\d{4}\s*$/, '')
    .replace(/\s+\d{4}$/, '');
  holder = tidy(holder.replace(/[.,;:]+$/, ''));
  return holder && !/^\d+$/.test(holder) ? holder : undefined;
}

export function copyrightReadings(page: ParsedPage, host: string): Reading[] {
  const $ = page.$;
  const out: Reading[] = [];
  // A copyright line that links to another site is the web agency's ("Copyright © Galeria Biznesu").
  const agencyTexts = new Set<string>();
  $('a[href]').each((_, a) => {
    const href = a.attribs.href ?? '';
    const text = $(a).text();
    if (!/©|copyright|\(c\)/i.test(text)) return;
    try {
      const linked = new URL(href, page.page.finalUrl || page.page.url).hostname.replace(/^www\./, '');
      if (linked && linked !== host) agencyTexts.add(squash(text));
    } catch {
      /* a link that is not a URL says nothing */
    }
  });
  for (const line of page.text.split('\n')) {
    if (!/©|\(c\)|copyright/i.test(line) || line.length > 300) continue;
    if (agencyTexts.has(squash(line))) continue;
    const holder = copyrightHolder(line);
    if (holder) out.push({ kind: 'copyright', text: holder, quote: `the copyright line "${line.slice(0, 100)}"` });
  }
  return out.slice(0, 3);
}

/**
 * The name an address line starts with, the way a footer signs the business: "HÄNI Bauplanung |
 * Reckholderstrasse 12 | 8524 Uesslingen | Tel. …". The pieces after it must be a street with its
 * number and then the town, so a menu or a list of services is never read as one.
 */
export function imprintReadings(page: ParsedPage): Reading[] {
  const out: Reading[] = [];
  for (const line of page.text.split('\n')) {
    const pieces = line.split(/\s+[|•·]\s+/).map(tidy);
    if (pieces.length < 3 || line.length > 300) continue;
    const [name, street] = pieces;
    const address = addressFromText([pieces.slice(1).join(' | ')]);
    if (!address?.startsWith(street) || /\d|@|©/.test(name) || name.length > 60) continue;
    out.push({ kind: 'imprint', text: name, quote: `the address line "${line.slice(0, 100)}"` });
  }
  return out.slice(0, 2);
}
