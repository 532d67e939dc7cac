// Contact links that cannot do what they show, as a visitor who taps them meets them: an email
// link to an address no mail can be delivered to ("amandapetal@petal1@btinternet.com", with two
// @ signs), and a phone link that dials something other than the number it shows ("Tel.: 09123
// 456789" dialling "+49XYZ"; one partner's number dialling the other's). Each is quoted as the
// page writes it, so the owner finds it at a glance. Pure rules over the parsed pages.
import type { Element } from 'domhandler';
import type { Finding } from '../../model/analysis.ts';
import { measured } from './crawl-findings.ts';
import type { ParsedPage } from './dom.ts';
import { HIDDEN, squashed } from './page-faults.ts';

/** The links of a page a visitor can tap, with their target after the scheme and their text. */
function shownLinks(page: ParsedPage, scheme: 'mailto' | 'tel'): { target: string; text: string; href: string }[] {
  const { $ } = page;
  // Only the links of that scheme are looked at: most of a page's links are not.
  return $(`a[href*="${scheme}:" i]`)
    .toArray()
    .filter((el: Element) => $(el).closest('body').length > 0 && !$(el).closest(HIDDEN).length)
    .flatMap((el: Element) => {
      const href = (el.attribs.href ?? '').trim();
      const m = new RegExp(`^${scheme}:(.*)$`, 'is').exec(href);
      if (!m) return [];
      let target = m[1];
      try {
        target = decodeURIComponent(target);
      } catch {
        // A stray "%" is shown as written.
      }
      // A line break parts what the link shows: "051 6412775<br>051 6415709" is two numbers, not one.
      const shown = $(el).clone();
      shown.find('br').replaceWith(' | ');
      return [{ target: squashed(target), text: squashed(shown.text()), href }];
    });
}

/**
 * Why an email link's address cannot be delivered to, or undefined when it can (or when it
 * names no address at all: "mailto:?subject=…" shares a page, and is meant to). Only what its
 * form proves: two @ signs, a space inside, a domain with no dot.
 */
export function undeliverable(target: string): string | undefined {
  const addresses = target.split('?')[0].split(',').map((a) => (/<([^>]*)>/.exec(a)?.[1] ?? a).trim()).filter(Boolean);
  for (const address of addresses) {
    const ats = address.split('@').length - 1;
    if (ats > 1) return `"${address}" has ${ats} @ signs`;
    if (ats === 1 && /\s/.test(address)) return `"${address}" has a space in it`;
    if (ats === 1 && !/\.[a-z]{2,}$/i.test(address.split('@')[1])) return `"${address}" has no domain after its @`;
  }
  return undefined;
}

/** The number a link's text shows, after its label ("Tel.: 09123 456789" → "09123 456789"), or undefined when the text is no bare number. */
export function shownNumber(text: string): string | undefined {
  const number = /^(?:[\p{L}.]+\s*){0,2}:?\s*(\+?\(?\d[\d\s().\-–/]*\d)$/u.exec(text)?.[1];
  // No phone number has more than 15 digits (E.164): more are two numbers run together.
  const digits = number?.replace(/\D/g, '').length ?? 0;
  return number && digits >= 6 && digits <= 15 ? number : undefined;
}

/** Two numbers' digits name one line when one ends with the other, leading zeros and country codes aside ("0163 2695264" is +491632695264). */
const sameLine = (a: string, b: string) => {
  const [x, y] = [a, b].map((n) => n.replace(/\D/g, '').replace(/^0+/, ''));
  return x.endsWith(y) || y.endsWith(x);
};

/** An email link on any crawled page whose address no mail can reach, quoted as linked. */
export function badEmailLinkFinding(pages: ParsedPage[], siteUrl: string): Finding | undefined {
  for (const page of pages) {
    const url = page.page.finalUrl || page.page.url;
    for (const link of shownLinks(page, 'mailto')) {
      const why = undeliverable(link.target);
      if (!why) continue;
      const address = link.target.split('?')[0];
      return {
        ...measured('bad_email_link', `An email link on the site goes to "${address}", which is not a valid email address`, `the link "${link.href.slice(0, 120)}" on ${url}: ${why}`, siteUrl, 0.9),
        quote: address,
      };
    }
  }
  return undefined;
}

/**
 * A phone link on any crawled page that dials what is not the number it shows: no number at all
 * ("+49XYZ"), or another one. Quoted as shown and as dialled; a link that shows no number (an
 * icon, "Call us") is only said when what it dials is no number.
 */
export function badPhoneLinkFinding(pages: ParsedPage[], siteUrl: string): Finding | undefined {
  for (const page of pages) {
    const url = page.page.finalUrl || page.page.url;
    for (const link of shownLinks(page, 'tel')) {
      const noNumber = link.target.replace(/\D/g, '').length < 5;
      const shown = shownNumber(link.text);
      // A number written backwards and shown right to left by the page's style (a guard against
      // harvesters: "23 69 23 08 60" shows "06 80 32 96 32") is the number the link dials.
      const shownDials = shown && (sameLine(shown, link.target) || sameLine([...shown].reverse().join(''), link.target));
      if (!noNumber && !(shown && !shownDials)) continue;
      const dials = link.target || link.href;
      return {
        ...measured(
          'bad_phone_link',
          shown ? `A phone link on the site shows "${link.text}" but dials "${dials}"` : `A phone link on the site dials "${dials}", which is no phone number`,
          `the link "${link.href.slice(0, 80)}"${link.text ? ` with the text "${link.text.slice(0, 60)}"` : ''} on ${url}`,
          siteUrl,
          0.9,
        ),
        // The link's words are quoted only when they show a number: "not the number it shows".
        ...(shown && { quote: link.text.slice(0, 60) }),
        quotes: [dials],
      };
    }
  }
  return undefined;
}
