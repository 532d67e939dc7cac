// Parsing shared by the analyser and the contact finder: one cheerio tree per crawled page
// (cached, so both read the same parse), the page's visible text with line breaks where a
// browser would put them, and its schema.org JSON-LD objects.
import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element, Text } from 'domhandler';
import type { CrawledPage, CrawlResult } from '../../model/crawl.ts';

export interface ParsedPage {
  page: CrawledPage;
  $: CheerioAPI;
  /** Visible text, one line per block element, whitespace collapsed inside lines. */
  text: string;
  jsonLd: Record<string, unknown>[];
  path: string;
}

const cache = new WeakMap<CrawledPage, ParsedPage>();

/** Pages served with a 2xx status, home first, each once (the crawler may list home in pages too). */
export function okPages(crawl: CrawlResult): CrawledPage[] {
  const seen = new Set<string>();
  const out: CrawledPage[] = [];
  for (const page of [crawl.home, ...crawl.pages]) {
    if (!page || page.status < 200 || page.status >= 300 || typeof page.html !== 'string') continue;
    const key = page.finalUrl || page.url;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(page);
  }
  return out;
}

export function homeOf(crawl: CrawlResult): CrawledPage | undefined {
  const home = crawl.home;
  return home && home.status >= 200 && home.status < 300 ? home : undefined;
}

export function parse(page: CrawledPage): ParsedPage {
  let parsed = cache.get(page);
  if (!parsed) {
    const $ = load(page.html ?? '');
    parsed = { page, $, text: visibleText($), jsonLd: jsonLdObjects($), path: pathOf(page.finalUrl || page.url) };
    cache.set(page, parsed);
  }
  return parsed;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'head', 'select', 'option', 'textarea']);
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer',
  'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table',
  'tbody', 'td', 'th', 'thead', 'tr', 'ul', 'center', 'button', 'label',
]);

/** Text a reader sees, with a newline wherever a block starts or ends, so that neighbouring
 * blocks never run together ("info@x.comPhone"). */
export function visibleText($: CheerioAPI): string {
  const out: string[] = [];
  // Iterative walk: a hostile page can nest deeper than the call stack allows.
  const body = $('body').get(0) ?? $.root().get(0);
  const stack: (AnyNode | '\n')[] = body ? [...body.children].reverse() : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node === '\n') {
      out.push('\n');
      continue;
    }
    const type = node.type as string;
    if (type === 'text') out.push((node as Text).data);
    else if (type === 'tag' || type === 'script' || type === 'style') {
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (HIDDEN.has(name) || el.attribs.hidden !== undefined) continue;
      const block = BLOCK.has(name);
      if (block) out.push('\n');
      if (block) stack.push('\n');
      for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]);
    }
  }
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0\u200b]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Every object of every JSON-LD block, @graph and nested arrays flattened one level. */
export function jsonLdObjects($: CheerioAPI): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  $('script[type="application/ld+json" i]').each((_, el) => {
    const raw = $(el).text().trim();
    if (!raw) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      try {
        // Hand-written blocks often carry raw newlines or a trailing comma.
        data = JSON.parse(raw.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1'));
      } catch {
        return;
      }
    }
    const add = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(add);
      else if (value && typeof value === 'object') {
        const obj = value as Record<string, unknown>;
        out.push(obj);
        if (Array.isArray(obj['@graph'])) obj['@graph'].forEach(add);
      }
    };
    add(data);
  });
  return out;
}

/** Schema types of an object, as plain names ("Dentist", "LocalBusiness"). */
export function typesOf(obj: Record<string, unknown>): string[] {
  const t = obj['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/#]/, ''));
}

/** A string (or the first string of an array) property. */
export function stringProp(obj: Record<string, unknown>, key: string): string | undefined {
  const v = obj[key];
  const first = Array.isArray(v) ? v.find((x) => typeof x === 'string') : v;
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}

/** The host name the site is known by: the final home URL, else the start URL. */
export function siteHostname(crawl: CrawlResult): string {
  for (const url of [crawl.home?.finalUrl, crawl.home?.url, crawl.startUrl]) {
    try {
      if (url) return new URL(url).hostname.toLowerCase();
    } catch {
      // try the next one
    }
  }
  return '';
}
