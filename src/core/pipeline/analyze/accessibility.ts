// Checkable accessibility and markup rules of the home page, and the 0-100 score built on them.
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';

export interface AccessibilityFacts {
  images: number;
  /** <img> with no alt attribute at all (alt="" marks a decorative image and is fine). */
  imagesWithoutAlt: number;
  /** <img> lacking a width or a height attribute: the browser cannot reserve its space. */
  unoptimizedImages: number;
  links: number;
  /** Links with no text, no aria-label/title and no image with alt text inside. */
  emptyLinks: number;
  formControls: number;
  unlabelledControls: number;
  hasLang: boolean;
  hasTitle: boolean;
  /** Exactly one h1 and no level skipped on the way down (h2 → h4). */
  headingsInOrder: boolean;
  score: number;
}

const has = (el: Element, attr: string) => el.attribs[attr] !== undefined;
const filled = (el: Element, attr: string) => (el.attribs[attr] ?? '').trim() !== '';

function emptyLinkCount($: CheerioAPI): [number, number] {
  const links = $('a[href]').toArray();
  const empty = links.filter((a) => {
    if (filled(a, 'aria-label') || filled(a, 'title') || filled(a, 'aria-labelledby')) return false;
    const $a = $(a);
    if ($a.text().trim()) return false;
    return !$a.find('img[alt], svg title, [aria-label]').toArray().some((n) => filled(n, 'alt') || filled(n, 'aria-label') || $(n).text().trim() !== '');
  });
  return [links.length, empty.length];
}

function unlabelledControls($: CheerioAPI): [number, number] {
  const controls = $('input, select, textarea')
    .toArray()
    .filter((el) => !['hidden', 'submit', 'button', 'reset', 'image'].includes((el.attribs.type ?? '').toLowerCase()));
  const labelled = (el: Element) => {
    if (filled(el, 'aria-label') || filled(el, 'aria-labelledby') || filled(el, 'title')) return true;
    if ($(el).closest('label').length) return true;
    const id = el.attribs.id;
    return Boolean(id) && $('label').toArray().some((l) => l.attribs.for === id);
  };
  return [controls.length, controls.filter((c) => !labelled(c)).length];
}

function headingsInOrder($: CheerioAPI): boolean {
  const levels = $('h1, h2, h3, h4, h5, h6').toArray().map((h) => Number(h.name[1]));
  if (levels.filter((l) => l === 1).length !== 1) return false;
  return levels.every((l, i) => i === 0 || l <= levels[i - 1] + 1);
}

/**
 * Score = 100 × the weighted share of checks passed:
 *   alt text on images 25 (share of images with an alt attribute; full marks with no images),
 *   link names 20 (share of links with an accessible name),
 *   form labels 20 (share of form controls with a label),
 *   <html lang> 15, headings in order 10, a <title> 10.
 * The weights follow how often each failure blocks screen-reader users (WebAIM Million).
 */
export function accessibilityFacts($: CheerioAPI): AccessibilityFacts {
  const imgs = $('img').toArray();
  const imagesWithoutAlt = imgs.filter((i) => !has(i, 'alt')).length;
  const unoptimizedImages = imgs.filter((i) => !filled(i, 'width') || !filled(i, 'height')).length;
  const [links, emptyLinks] = emptyLinkCount($);
  const [formControls, unlabelled] = unlabelledControls($);
  const hasLang = ($('html').attr('lang') ?? $('html').attr('xml:lang') ?? '').trim() !== '';
  const hasTitle = $('head title, title').first().text().trim() !== '';
  const ordered = headingsInOrder($);
  const share = (bad: number, total: number) => (total === 0 ? 1 : 1 - bad / total);
  const score =
    25 * share(imagesWithoutAlt, imgs.length) +
    20 * share(emptyLinks, links) +
    20 * share(unlabelled, formControls) +
    15 * Number(hasLang) +
    10 * Number(ordered) +
    10 * Number(hasTitle);
  return {
    images: imgs.length,
    imagesWithoutAlt,
    unoptimizedImages,
    links,
    emptyLinks,
    formControls,
    unlabelledControls: unlabelled,
    hasLang,
    hasTitle,
    headingsInOrder: ordered,
    score: Math.round(score),
  };
}
