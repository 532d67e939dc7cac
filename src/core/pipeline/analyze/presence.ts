// Facts that say whether a site has something (a phone layout, a contact form, analytics,
// booking, chat, a shop), each with what proves it. "Has it" needs one piece of markup that
// shows it; "does not have it" needs the crawl to have seen enough and nothing on the pages
// that could provide it out of sight (a tag manager, a consent manager, a loader script, a
// builder that draws its pages with JavaScript). Otherwise the answer is null: unknown.
import type { CheerioAPI } from 'cheerio';
import type { Proof } from '../../model/analysis.ts';
import type { ParsedPage } from './dom.ts';
import type { Found, TechnologyFacts } from './technologies.ts';

export interface Fact<T> {
  value: T | null;
  proof?: Proof;
}

const proof = (url: string, detail: string, confidence: number): Proof => ({ url, detail: detail.slice(0, 300), confidence });
const urlOf = (p: ParsedPage) => p.page.finalUrl || p.page.url;
const tag = ($: CheerioAPI, el: Parameters<CheerioAPI>[0]) => {
  const html = $.html(el) ?? '';
  return html.slice(0, Math.min(html.indexOf('>') + 1 || 160, 160));
};
const pagesChecked = (pages: ParsedPage[]) => `${pages.length} page${pages.length === 1 ? '' : 's'} crawled (${pages.map((p) => p.path).join(', ')})`;
/** The proof that a site has none of something: what was looked for, and on which pages (the claim checker's page scope). */
const absent = (pages: ParsedPage[], detail: string, confidence: number): Proof => ({
  ...proof(urlOf(pages[0]), detail, confidence),
  pages: pages.map((p) => ({ path: p.path, kind: p.page.kind })),
});

/** Builders that draw forms, bookings and chat with JavaScript, and count visits themselves. */
const HOSTED_BUILDERS = /^(Wix|Squarespace|Weebly|GoDaddy Website Builder|Jimdo|Duda|Webflow|Shopify|Site123|Strikingly|Carrd|Webnode)$/;
export const isHostedBuilder = (cms: string | undefined) => Boolean(cms && HOSTED_BUILDERS.test(cms));

// ---- The phone layout ----------------------------------------------------------------------

/** Viewport content as key=value pairs, however it is written ("width = device-width; initial-scale=1"). */
function viewportSettings(content: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of content.split(/[,;]/)) {
    const [k, v] = part.split('=').map((x) => x?.trim().toLowerCase());
    if (k) out.set(k, v ?? '');
  }
  return out;
}

export function mobileFact(home: ParsedPage): Fact<boolean> {
  const { $ } = home;
  const url = urlOf(home);
  // A script of its own for phones ("js/SmartPhoneAnpassung.js"), which the crawl cannot read: it may adapt the page.
  const forPhones = $('script[src]')
    .toArray()
    .map((s) => s.attribs.src ?? '')
    .find((src) => /(?:smart-?phone|mobile|handy)[^/]*$/i.test(src.split(/[?#]/)[0]));
  // A template's source whose head comes from an include the crawl never saw ("<?php include 'head.php'; ?>").
  const included = /<\?php\s+(?:include|require)(?:_once)?\b[^?]*\?>/i.exec(home.page.html ?? '')?.[0];
  const mayAdapt = forPhones
    ? { value: null, proof: proof(url, `the page loads a script for phones (${forPhones}) that may adapt it`, 0.5) }
    : included
      ? { value: null, proof: proof(url, `the page includes parts the crawl cannot see (${included})`, 0.5) }
      : undefined;
  // Browsers apply the last viewport tag of the page.
  const metas = $('meta').toArray().filter((m) => (m.attribs.name ?? '').trim().toLowerCase() === 'viewport');
  for (const m of [...metas].reverse()) {
    const settings = viewportSettings(m.attribs.content ?? '');
    const width = settings.get('width');
    if (width === 'device-width' || (width === undefined && settings.has('initial-scale'))) return { value: true, proof: proof(url, `viewport meta tag ${tag($, m)}`, 1) };
    if (width && /^\d+$/.test(width)) return mayAdapt ?? { value: false, proof: proof(url, `viewport meta tag fixes a desktop width: ${tag($, m)}`, 0.9) };
  }
  if (metas.length) return { value: null, proof: proof(url, `viewport meta tag of an unknown form: ${tag($, metas[0])}`, 0.5) };
  // A viewport written by a script cannot be seen in the source.
  if (/viewport/i.test($('script:not([src])').text())) return { value: null, proof: proof(url, 'a script on the page mentions the viewport: it may set one', 0.5) };
  // A site with a separate version for phones (m.example.com, "view our mobile version") may send phones there: not "missing".
  const MOBILE_VERSION = /\bmobile (?:version|site)\b|\bversion mobile\b|\bmobile Version\b|\bwersja mobilna\b/i;
  const mobileVersion = $('a[href]')
    .toArray()
    .find((a) => /^(?:https?:)?\/\/m\./i.test(a.attribs.href ?? '') || MOBILE_VERSION.test($(a).text()) || MOBILE_VERSION.test($(a).parent().text().slice(0, 300)));
  if (mobileVersion) return { value: null, proof: proof(url, `no viewport meta tag, but the page links a version for phones: ${tag($, mobileVersion)}`, 0.5) };
  // "if (screen.width < 600) window.location = …": small screens are sent elsewhere.
  if (/(?:screen\.width|innerWidth|matchMedia|userAgent)[\s\S]{0,200}location(?:\.href)?\s*=|location(?:\.href)?\s*=\s*['"][^'"]*(?:\/\/m\.|\/mobile)/i.test($('script:not([src])').text())) {
    return { value: null, proof: proof(url, 'no viewport meta tag, but a script sends small screens to another page', 0.5) };
  }
  return mayAdapt ?? { value: false, proof: proof(url, 'no <meta name="viewport"> on the home page, and no script that writes one', 0.9) };
}

// ---- The contact form ----------------------------------------------------------------------

// Hosted form services embedded as an iframe or script instead of a <form>.
const FORM_SERVICES = /jotform\.com|typeform\.com|docs\.google\.com\/forms|forms\.gle|wufoo\.com|formstack\.com|hsforms\.(?:net|com)|forms\.hubspot|cognitoforms\.com|formsite\.com|123formbuilder|paperform\.co|tally\.so|formspree\.io|getform\.io|basin\.|form\.jotform/i;
// Form plugins whose markup or scripts build the form in the browser.
const FORM_LOADERS = /wpcf7|contact-form-7|gravityforms|gform_|wpforms|ninja-forms|elementor-form|formidable|caldera|fluentform|hs-form|mc4wp|wixforms|sqs-block-form|form-wrapper/i;
const NOT_A_MESSAGE_FORM = /search|newsletter|subscribe|login|log-in|signin|sign-in|password|cart|checkout|coupon|language/i;
const CONTACT_PATH = /contact|kontakt|contacto|contatti|contato|nous-joindre|get-in-touch|reach-us|enquir|inquir|quote/i;

/** A form that sends the business a message: a message box, or name/email/phone fields that are not a newsletter or search. */
function messageForm($: CheerioAPI): Parameters<CheerioAPI>[0] | undefined {
  return $('form')
    .toArray()
    .find((f) => {
      const $f = $(f);
      const label = `${f.attribs.id ?? ''} ${f.attribs.class ?? ''} ${f.attribs.action ?? ''} ${f.attribs.name ?? ''}`;
      if ($f.find('textarea').length) return true;
      if (NOT_A_MESSAGE_FORM.test(label)) return false;
      const fields = $f.find('input').toArray().filter((i) => !/hidden|submit|button|checkbox|radio|image|reset/i.test(i.attribs.type ?? 'text'));
      const named = fields.map((i) => `${i.attribs.name ?? ''} ${i.attribs.type ?? ''} ${i.attribs.placeholder ?? ''} ${i.attribs.id ?? ''}`.toLowerCase());
      return fields.length >= 3 && named.some((n) => /mail/.test(n)) && named.some((n) => /name|nombre|nom|imie|imię/.test(n));
    });
}

const OWN_FORM = 'contact form ';
/** Whether the contact form proof is a <form> on the site's own page (not a form service embedded from its own site). */
export const isOwnForm = (p: Proof | undefined): boolean => Boolean(p?.detail.startsWith(OWN_FORM));

export function contactFormFact(pages: ParsedPage[], tech: TechnologyFacts): Fact<boolean> {
  for (const p of pages) {
    const form = messageForm(p.$);
    if (form) return { value: true, proof: proof(urlOf(p), `${OWN_FORM}${tag(p.$, form)}`, 1) };
    const hosted = p.$('iframe[src], script[src]').toArray().find((el) => FORM_SERVICES.test(el.attribs.src ?? ''));
    if (hosted) return { value: true, proof: proof(urlOf(p), `embedded form service ${tag(p.$, hosted)}`, 0.9) };
  }
  const home = pages[0];
  const loader = pages.find((p) => FORM_LOADERS.test(p.page.html.slice(0, 400_000)));
  if (loader) return { value: null, proof: proof(urlOf(loader), 'a form plugin on the page may build its form with JavaScript', 0.5) };
  if (isHostedBuilder(tech.cms?.name)) return { value: null, proof: proof(urlOf(home), `${tech.cms!.name} builds its forms in the browser, where the crawl cannot see them`, 0.5) };
  // The contact page is where a form usually lives: it must have been read.
  // A link to another page (an anchor on this page, #contact, was read with it).
  const contactLink = home.$('a[href]').toArray().find((a) => CONTACT_PATH.test(a.attribs.href ?? '') && !/^(?:mailto:|tel:|#)/i.test(a.attribs.href ?? ''));
  const contactRead = pages.some((p) => p.page.kind === 'contact' || CONTACT_PATH.test(p.path));
  if (contactLink && !contactRead) return { value: null, proof: proof(urlOf(home), `the contact page (${contactLink.attribs.href}) was not crawled`, 0.5) };
  return { value: false, proof: absent(pages, `no form to send a message on the ${pagesChecked(pages)}`, contactRead ? 0.9 : 0.8) };
}

// ---- Analytics, booking, chat, shop ---------------------------------------------------------

const fromTech = (pages: ParsedPage[], f: Found): Proof => proof(urlOf(pages[0]), `${f.name}: ${f.evidence}`, 0.95);

export function analyticsFact(pages: ParsedPage[], tech: TechnologyFacts): Fact<boolean> {
  const home = urlOf(pages[0]);
  if (tech.analytics.length) return { value: true, proof: fromTech(pages, tech.analytics[0]) };
  if (isHostedBuilder(tech.cms?.name)) return { value: null, proof: proof(home, `${tech.cms!.name} counts visits in its own dashboard`, 0.5) };
  if (tech.consentManager) return { value: null, proof: proof(home, `${tech.consentManager.name} may hold tags back until a visitor consents`, 0.5) };
  if (/jetpack|wp-statistics|stats\.wp\.com|wp-slimstat/i.test(pages[0].page.html)) return { value: null, proof: proof(home, 'a WordPress statistics plugin counts visits on the server', 0.5) };
  return { value: false, proof: absent(pages, `no analytics tag on the ${pagesChecked(pages)}; no tag manager or consent manager that could inject one`, 0.9) };
}

// A link that says it books online ("Book now", "Book an appointment", "Reserve your spot …
// online", "Termin online buchen"): online booking, wherever it leads.
const BOOKS_ONLINE =
  /\b(book (?:online|now|an? (?:appointment|table|session|class|visit|consultation)|appointment|your (?:appointment|table|spot|session|visit))|online (?:booking|scheduling|appointments?|reservations?)|schedule (?:an? )?appointment online|reserve (?:a table|your (?:spot|table|place))|make a reservation|register online|reservar (?:online|en l[ií]nea|cita)|cita (?:online|en l[ií]nea)|r[ée]server en ligne|prendre rendez-vous en ligne|rendez-vous en ligne|online[- ]termin|termin (?:online )?buchen|rezerwacj[ae] on-?line|zarezerwuj (?:online|wizyt)|online randevu)/i;
// Words that may lead to booking, or to an enquiry: they prove nothing either way.
const BOOK_WORDS = /\b(book|booking|appointments?|schedul\w*|reserv\w*|réserv\w*|rendez-vous|cita|reserva\w*|agendar|termin\w*|buchen|prenot\w*|umów|rezerw\w*|randevu)\b/i;

const linkText = (p: ParsedPage, el: Parameters<CheerioAPI>[0] & { attribs: Record<string, string> }) =>
  `${p.$(el).text()} ${el.attribs['aria-label'] ?? ''} ${el.attribs.title ?? ''}`.replace(/\s+/g, ' ').trim();
// A link that goes somewhere: not an anchor on the same page, not mail or phone.
const leadsAway = (href: string | undefined) => Boolean(href && !/^(?:#|mailto:|tel:|javascript:)/i.test(href.trim()));
/** Where a link leads: its href, or the page a script opens ("window.open('/rezerwacja.php')"). */
const target = (el: { attribs: Record<string, string> }) => (leadsAway(el.attribs.href) ? el.attribs.href : /window\.open\(\s*['"]([^'"]+)['"]/.exec(el.attribs.onclick ?? '')?.[1]);

export function bookingFact(pages: ParsedPage[], tech: TechnologyFacts): Fact<boolean> {
  const home = urlOf(pages[0]);
  if (tech.booking) return { value: true, proof: fromTech(pages, tech.booking) };
  for (const p of pages) {
    const form = p.$('form').toArray().find((f) => p.$(f).find('input[type="date" i], input[type="time" i], input[type="datetime-local" i]').length && BOOK_WORDS.test(p.$(f).text() + (f.attribs.action ?? '')));
    if (form) return { value: true, proof: proof(urlOf(p), `booking form ${tag(p.$, form)}`, 0.85) };
  }
  const links = pages.flatMap((p) => p.$('a[href]').toArray().map((el) => ({ p, el, text: linkText(p, el) })));
  const online = links.find(({ el, text }) => target(el) && BOOKS_ONLINE.test(text));
  if (online) return { value: true, proof: proof(urlOf(online.p), `a "${online.text.slice(0, 60)}" link to ${target(online.el)!.slice(0, 120)}`, 0.75) };
  // A "Book" button or link whose page the crawl did not read: it may book, or ask for a call back.
  const maybe = pages
    .flatMap((p) => p.$('a[href], button').toArray().map((el) => ({ p, el, text: linkText(p, el) })))
    .find(({ el, text }) => (el.tagName === 'button' || target(el)) && BOOK_WORDS.test(text));
  if (maybe) return { value: null, proof: proof(urlOf(maybe.p), `a "${maybe.text.slice(0, 60)}" ${maybe.el.tagName === 'button' ? 'button' : `link to ${(maybe.el.attribs.href ?? '').slice(0, 100)}`} leads somewhere the crawl did not check`, 0.5) };
  if (isHostedBuilder(tech.cms?.name)) return { value: null, proof: proof(home, `${tech.cms!.name} may draw a booking widget with JavaScript`, 0.5) };
  if (tech.tagManager) return { value: null, proof: proof(home, `${tech.tagManager.name} could load a booking widget`, 0.5) };
  return { value: false, proof: absent(pages, `no booking service, booking form or booking link on the ${pagesChecked(pages)}`, 0.85) };
}

export function chatFact(pages: ParsedPage[], tech: TechnologyFacts): Fact<boolean> {
  const home = urlOf(pages[0]);
  if (tech.chat) return { value: true, proof: fromTech(pages, tech.chat) };
  if (isHostedBuilder(tech.cms?.name) || tech.tagManager) return { value: null, proof: proof(home, `${(tech.tagManager ?? tech.cms)!.name} could load a chat widget out of sight`, 0.5) };
  return { value: false, proof: proof(home, `no chat widget on the ${pagesChecked(pages)}`, 0.8) };
}

export function ecommerceFact(pages: ParsedPage[], tech: TechnologyFacts): Fact<boolean> {
  const home = urlOf(pages[0]);
  const shop = tech.shop ?? tech.shops[0];
  if (shop) return { value: true, proof: fromTech(pages, shop) };
  return { value: false, proof: absent(pages, `no shop platform, cart or checkout on the ${pagesChecked(pages)}`, 0.8) };
}

/** Hosts that serve every site on them over https (an http address there is sent on to it): an http address alone proves nothing. */
const HTTPS_PLATFORMS = /\.(?:github\.io|gitlab\.io|netlify\.app|vercel\.app|pages\.dev|web\.app|firebaseapp\.com)$/i;

export function sslFact(url: string): Fact<boolean> {
  try {
    const { protocol, hostname } = new URL(url);
    const https = protocol === 'https:';
    if (!https && HTTPS_PLATFORMS.test(hostname)) return { value: null, proof: proof(url, `${hostname} is on a platform that serves every site over https`, 0.5) };
    return { value: https, proof: proof(url, https ? 'the home page is served over https' : 'the home page answered over plain http (no redirect to https)', https ? 1 : 0.9) };
  } catch {
    return { value: null };
  }
}
