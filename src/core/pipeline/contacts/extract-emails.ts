// Every address a page shows, however it shows it: mailto links, visible text (HTML entities
// are decoded by the parser), "name [at] domain [dot] com" style obfuscation, Cloudflare email
// protection, schema.org JSON-LD and microdata. Nothing is guessed: each candidate is text
// the page really carries, decoded.
import type { Element } from 'domhandler';
import type { ParsedPage } from '../analyze/dom.ts';
import { acceptEmail } from './email-rules.ts';

export interface Candidate {
  email: string;
  /** Where and how it was found, for the lead's record. */
  how: string;
  /** Shown in a "website by …" credit: the web agency's, not the business's. */
  credit: boolean;
}

const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;
// "Website by", "Designed by", "Powered by" … and the same in Spanish, French and German.
const CREDIT = /\b(?:website|web\s*site|site|web\s*design|designed|developed|built|powered|created|hosted|made|maintained)\s+(?:and\s+\w+\s+)?by\b|\bdise[ñn]o\s+web|\bsitio\s+(?:web\s+)?(?:creado|dise[ñn]ado)|\bsite\s+(?:r[ée]alis[ée]|cr[ée]{1,2})\s+par|\bwebdesign\s+(?:von|by)|\berstellt\s+von|\boprogramowanie\b|\bprojekt\s+(?:i\s+wykonanie\s+)?strony|\bwykonanie\s+strony/i;

/** Cloudflare's encoding: the first byte is the key, every following byte is a character XOR key. */
export function decodeCloudflare(hex: string): string | undefined {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return undefined;
  const bytes = hex.match(/../g)!.map((h) => parseInt(h, 16));
  const key = bytes[0];
  return String.fromCharCode(...bytes.slice(1).map((b) => b ^ key));
}

const AT = /\s*(?:\[\s*(?:at|@)\s*\]|\(\s*(?:at|@)\s*\)|\{\s*(?:at|@)\s*\}|<\s*at\s*>)\s*/gi;
// "info @ ch8 . ch": an address spread out with spaces so that harvesters miss it.
const SPACED = /\b([a-z0-9][a-z0-9._%+-]*)\s+@\s+([a-z0-9-]+)\s+\.\s+([a-z]{2,24})\b/gi;
const DOT = /\s*(?:\[\s*(?:dot|\.)\s*\]|\(\s*(?:dot|\.)\s*\)|\{\s*(?:dot|\.)\s*\}|<\s*dot\s*>)\s*/gi;
// "maria at lopezplumbing dot com": only with a spelled-out dot, so "call us at home" stays text.
const WORDS = /\b([a-z0-9][a-z0-9._%+-]*)\s+at\s+([a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)+)\b/gi;

/** The line with obfuscated addresses written out, and whether anything was rewritten. */
export function deobfuscate(line: string): { text: string; kind?: string } {
  let text = line.replace(AT, '@').replace(DOT, '.').replace(SPACED, '$1@$2.$3');
  let kind = text !== line ? (/\(\s*at\s*\)/i.test(line) ? '(at)' : '[at]') : undefined;
  const spelled = text.replace(WORDS, (_, local: string, rest: string) => `${local}@${rest.replace(/\s+dot\s+/gi, '.')}`);
  if (spelled !== text) {
    kind = kind ?? 'at/dot words';
    text = spelled;
  }
  return { text, kind };
}

function mailtoAddresses(href: string): string[] {
  let value = href.replace(/^mailto:/i, '').split('?')[0];
  try {
    value = decodeURIComponent(value);
  } catch {
    // keep it as written
  }
  return value.split(/[,;]/);
}

function jsonLdEmails(value: unknown, out: string[], depth = 0): void {
  if (depth > 8 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((v) => jsonLdEmails(v, out, depth + 1));
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'email' && typeof v === 'string') out.push(v);
    else if (key === 'email' && Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === 'string'));
    else if (typeof v === 'object') jsonLdEmails(v, out, depth + 1);
  }
}

/** Addresses a script writes out in pieces: document.write('<a h' + 'ref="mai' + 'lto:in' + 'fo@x' + '.ch">'). */
function scriptWrittenAddresses(p: ParsedPage): string[] {
  const out: string[] = [];
  p.$('script:not([src])').each((_, el) => {
    const code = p.$(el).text();
    if (!/document\.write|innerHTML/.test(code) || code.length > 20_000) return;
    const joined = code.replace(/(['"])\s*\+\s*\1/g, '');
    for (const m of joined.matchAll(/mailto:([^"'?\s>]+)/gi)) out.push(m[1]);
  });
  return out;
}

export function extractEmails(p: ParsedPage): Candidate[] {
  const out: Candidate[] = [];
  const on = ` on ${p.path}`;
  const add = (raw: string | undefined, how: string, credit = false) => {
    const email = raw === undefined ? undefined : acceptEmail(raw);
    if (email) out.push({ email, how: how + on, credit });
  };
  // The element around a link says whether it is a designer's credit.
  const creditAround = (el: Element) => CREDIT.test(p.$(el).parent().text().slice(0, 300));
  const source = p.page.html.toLowerCase();

  p.$('a[href^="mailto:" i]').each((_, el) => {
    for (const a of mailtoAddresses(p.$(el).attr('href') ?? '')) add(a, 'mailto link', creditAround(el));
  });
  p.$('[data-cfemail]').each((_, el) => add(decodeCloudflare(p.$(el).attr('data-cfemail') ?? ''), 'Cloudflare-protected address', creditAround(el)));
  p.$('a[href*="/cdn-cgi/l/email-protection#"]').each((_, el) => {
    add(decodeCloudflare((p.$(el).attr('href') ?? '').split('#')[1] ?? ''), 'Cloudflare-protected address', creditAround(el));
  });
  p.$('[itemprop="email"]').each((_, el) => add(p.$(el).attr('content') ?? p.$(el).text(), 'schema.org microdata'));
  p.$('form[action^="mailto:" i]').each((_, el) => {
    for (const a of mailtoAddresses(p.$(el).attr('action') ?? '')) add(a, 'form sent by email');
  });
  p.$('meta[http-equiv="reply-to" i]').each((_, el) => add(p.$(el).attr('content'), 'reply-to meta tag'));
  for (const a of scriptWrittenAddresses(p)) add(a, 'address written by a script');
  const ld: string[] = [];
  jsonLdEmails(p.jsonLd, ld);
  for (const e of ld) add(e, 'schema.org JSON-LD');

  // What visitors without JavaScript read (often the readable form of a scripted address).
  const noscript = p.$('noscript').toArray().map((el) => p.$(el).text()).filter((t) => t.includes('@') && t.length < 500);
  for (const line of [...p.text.split('\n'), ...noscript]) {
    if (!line.includes('@') && !/\bat\b|\(at\)|\[at\]/i.test(line)) continue;
    const { text, kind } = deobfuscate(line);
    const credit = CREDIT.test(line);
    for (const m of text.matchAll(EMAIL)) {
      const plain = source.includes(m[0].toLowerCase());
      const how = kind && !line.includes(m[0]) ? `obfuscated text (${kind})` : plain ? 'page text' : 'page text (HTML-encoded)';
      add(m[0], how, credit);
    }
  }
  return out;
}
