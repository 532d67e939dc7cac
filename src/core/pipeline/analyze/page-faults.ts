// What a visitor meets on the page itself, quoted from its markup: parts of the home page made
// in Adobe Flash, which no browser has played since the major ones removed it in January 2021,
// and a contact form on a site browsers mark "Not secure" (Chrome turns that warning red as
// soon as someone types into a field on an http page). Pure rules over the parsed pages.
import type { Finding, Proof } from '../../model/analysis.ts';
import { plural } from '../../plural.ts';
import { measured } from './crawl-findings.ts';
import type { ParsedPage } from './dom.ts';

const FLASH_CLASSID = /D27CDB6E-AE6D-11cf-96B8-444553540000/i;
// SWFObject 1.x and FlashObject ("new SWFObject('intro.swf', …)"), SWFObject 2 ("swfobject.embedSWF('intro.swf', …)").
const FLASH_SCRIPT = /(?:new\s+(?:SWFObject|FlashObject)|swfobject\.embedSWF)\s*\(\s*["']([^"']+\.swf)\b/gi;
// Adobe's own writer, whose movie is named without its extension: AC_FL_RunContent(…, 'movie', 'intro', …).
const AC_FL = /AC_FL_RunContent\s*\([^)]*?["']movie["']\s*,\s*["']([^"']+)["']/gi;

/** The Flash movies a page embeds (by their file), in the order the markup gives them. */
export function flashMovies(home: ParsedPage): string[] {
  const { $ } = home;
  const movies: string[] = [];
  const add = (file: string | undefined) => {
    const name = file?.trim();
    if (name && !movies.includes(name)) movies.push(name);
  };
  for (const el of $('object, embed').toArray()) {
    const a = el.attribs;
    const file = a.data ?? a.src ?? $(el).find('param[name="movie" i], param[name="src" i]').attr('value');
    const flash = /shockwave-flash/i.test(a.type ?? '') || FLASH_CLASSID.test(a.classid ?? '') || /\.swf\b/i.test(file ?? '');
    // An <embed> inside an <object> is the same movie, given twice for old browsers.
    if (flash && !(el.tagName === 'embed' && $(el).parents('object').length)) add(file ?? a.id ?? 'an unnamed movie');
  }
  const scripts = $('script:not([src])').text();
  for (const m of scripts.matchAll(FLASH_SCRIPT)) add(m[1]);
  for (const m of scripts.matchAll(AC_FL)) add(`${m[1]}.swf`);
  return movies;
}

/** Parts of the home page made in Flash: its visitors see none of them. */
export function flashFinding(home: ParsedPage, url: string): Finding | undefined {
  const movies = flashMovies(home);
  if (movies.length === 0) return undefined;
  const n = movies.length;
  return measured(
    'flash_content',
    `${n === 1 ? 'Part of the home page is' : `${n} parts of the home page are`} made in Adobe Flash, which browsers no longer play`,
    `the home page embeds ${plural(n, 'Flash movie', 'Flash movies')} (${movies.slice(0, 4).join(', ')}); Chrome, Firefox, Edge and Safari removed Flash Player by January 2021`,
    url,
    1,
    n,
  );
}

/**
 * The contact form on a site browsers mark "Not secure": only a form on the site's own page
 * (an embedded form service is its own https page), and only when the "Not secure" claim is made.
 */
export function insecureFormFinding(noSsl: Finding | undefined, contactForm: boolean | null, formProof: Proof | undefined): Finding | undefined {
  if (!noSsl || contactForm !== true || !formProof?.detail.startsWith('contact form ')) return undefined;
  return measured(
    'form_not_secure',
    'The contact form is on a page browsers mark "Not secure"',
    `${noSsl.evidence}; ${formProof.url} has a ${formProof.detail}`,
    formProof.url,
    noSsl.confidence,
  );
}
