// The pages of a sandbox site (home, contact, about, services), rendered from its record.
import { industryByKey } from '../catalog/industries.ts';
import { agencyCredit, copyrightText, homeHeading, homeTitle, siteNaming } from '../naming.ts';
import { BANNER_DELAY_MS, DEAD_LINK_TEXT, sitePerformance, telOf } from '../performance.ts';
import { contactFormPath, emailInFooter, existingPaths } from '../placement.ts';
import { createRng } from '../random.ts';
import type { SandboxSite } from '../site.ts';
import { formatAddress } from '../truth.ts';
import { COPY, type Copy, type CopyContext } from './copy.ts';
import { CLOUDFLARE_DECODER, emailMarkup } from './email.ts';
import { renderHead } from './head.ts';
import { esc } from './html.ts';
import { renderDocument } from './shell.ts';
import { bookingWidget, contactForm, liveChatScript, newsletterForm, shopSection, socialLinks } from './widgets.ts';

export const SANDBOX_LABEL = 'Sandbox site — generated test data, not a real business';

export type PagePath = '/' | '/contact' | '/about' | '/services';

/** Wording choices made once per site, so every page of a site reads alike. */
function style(site: SandboxSite) {
  const rng = createRng(`text/${site.textSeed}`);
  const copy = COPY[site.language];
  // The slogan shown is the naming's (naming.ts); the draw that picked it here stays, so the words picked after it do not move.
  rng.pick(copy.taglines);
  return {
    tagline: siteNaming(site).tagline,
    // The first sentence says who and where; one more adds colour.
    intro: [copy.intro[0], rng.pick(copy.intro.slice(1))],
    blurbs: copy.blurbs.map(() => rng.pick(copy.blurbs)),
    reviews: rng.sample(copy.reviews, 2),
    reviewers: rng.sample(['Jordan P.', 'Alex R.', 'Sam T.', 'Chris M.', 'Taylor B.', 'Morgan L.'], 2),
    multilineAddress: rng.chance(0.4),
    phoneLink: rng.chance(0.6),
    ctaContact: rng.chance(0.5),
  };
}

function context(site: SandboxSite): CopyContext {
  return { name: site.name, city: site.city, state: site.state, industry: industryByKey(site.industry), founded: site.founded };
}

function ownerLine(site: SandboxSite, copy: Copy): string {
  if (!site.owner) return '';
  const { name, phrase } = site.owner;
  const text = phrase === 'founded' ? copy.owner.founded(name, site.founded) : copy.owner[phrase](name);
  return `<p class="owner">${esc(text)}</p>`;
}

function emailList(site: SandboxSite, copy: Copy): string {
  const marks = site.email.own.map((a) => emailMarkup(a, site.email.presentation, site.cfKey));
  return `<p class="email-line">${esc(copy.label.email)}: ${marks.join(' · ')}</p>`;
}

function contactBlock(site: SandboxSite, copy: Copy, s: ReturnType<typeof style>, withEmail: boolean): string {
  const lines: string[] = [];
  const a = site.address;
  if (a) {
    const text = s.multilineAddress
      ? [a.street, a.suite, [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).map((l) => esc(l!)).join('<br />')
      : esc(formatAddress(site)!);
    lines.push(`<address>${text}</address>`);
  }
  if (site.phone) {
    // A mistyped link is a link whatever the style: it shows the right number and dials another.
    const mistyped = sitePerformance(site).mistypedPhoneLink;
    const shown = s.phoneLink || mistyped ? `<a href="tel:${mistyped ?? telOf(site.phone)}">${esc(site.phone)}</a>` : esc(site.phone);
    lines.push(`<p class="phone">${esc(copy.label.phone)}: ${shown}</p>`);
  }
  if (site.hours) lines.push(`<p class="hours">${esc(copy.heading.hours)}: ${esc(site.hours)}</p>`);
  if (withEmail && site.email.own.length > 0) lines.push(emailList(site, copy));
  return `<div class="contact-info">\n${lines.join('\n')}\n</div>`;
}

function footer(site: SandboxSite, copy: Copy, s: ReturnType<typeof style>): string {
  const signed = siteNaming(site);
  const credit = site.email.thirdParty
    ? `<p class="credit">Website by ${esc(site.email.agency!)} · <a href="mailto:${site.email.thirdParty}">${site.email.thirdParty}</a></p>`
    : signed.credit === 'line' && signed.agency
      ? `<p class="credit">${esc(agencyCredit(site)!.replace(signed.agency.name, ''))}<a href="https://${signed.agency.domain}/">${esc(signed.agency.name)}</a></p>`
      : '';
  return [
    contactBlock(site, copy, s, emailInFooter(site)),
    socialLinks(site, copy),
    credit,
    `<p class="copyright">${esc(copyrightText(site))}</p>`,
    `<p class="sandbox-label">${SANDBOX_LABEL}</p>`,
  ].filter(Boolean).join('\n');
}

function homeSections(site: SandboxSite, copy: Copy, s: ReturnType<typeof style>): string[] {
  const c = context(site);
  const services = copy.services(c).slice(0, 4);
  const cta = !site.booking && s.ctaContact && site.pages.contact ? ` <a href="/contact" class="button">${esc(copy.nav.contact)}</a>` : '';
  const gallery = site.images.map((img) => {
    const attrs = [`src="${esc(img.src)}"`, img.alt !== null ? `alt="${esc(img.alt)}"` : '', img.width !== null ? `width="${img.width}" height="${img.height}"` : '', 'loading="lazy"'];
    return `<img ${attrs.filter(Boolean).join(' ')} />`;
  });
  const perf = sitePerformance(site);
  const hero = perf.hero;
  // The hero loads at once (it is the largest thing on the phone screen); unsized, the text under it jumps.
  const heroTag = hero
    ? `<img class="hero" src="${esc(hero.path)}" alt="${esc(hero.alt)}"${hero.sized ? ` width="${hero.width}" height="${hero.height}"` : ''} style="display:block;width:100%;height:auto" />\n`
    : '';
  const deadLink = perf.deadLink ? `\n<p class="news"><a href="${perf.deadLink.path}">${esc(DEAD_LINK_TEXT[site.language])}</a></p>` : '';
  return [
    `${heroTag}<h1>${esc(homeHeading(site))}</h1>\n<p class="tagline">${esc(s.tagline)}</p>${cta}`,
    s.intro.map((p) => `<p>${esc(p(c))}</p>`).join('\n') + deadLink,
    `<h2>${esc(copy.heading.services)}</h2>\n<ul class="services">${services.map((sv, i) => `<li><strong>${esc(sv)}</strong> — ${esc(s.blurbs[i % s.blurbs.length](sv, c))}</li>`).join('')}</ul>`,
    gallery.length ? `<h2>${esc(copy.heading.gallery)}</h2>\n<div class="gallery">${gallery.join('\n')}</div>` : '',
    shopSection(site, copy, copy.services(c)),
    bookingWidget(site, copy),
    `<h2>${esc(copy.heading.reviews)}</h2>\n${s.reviews.map((r, i) => `<blockquote><p>${esc(r(c))}</p><cite>— ${s.reviewers[i]}</cite></blockquote>`).join('\n')}`,
    `<h2>${esc(copy.heading.about)}</h2>\n<p>${esc(copy.about[0](c))}</p>\n${ownerLine(site, copy)}`,
    contactFormPath(site) === '/' ? `<h2>${esc(copy.heading.contact)}</h2>\n${contactForm(site, copy)}` : '',
    site.newsletterForm ? newsletterForm(copy) : '',
  ].filter(Boolean);
}

function pageSections(site: SandboxSite, path: PagePath, copy: Copy, s: ReturnType<typeof style>): string[] {
  const c = context(site);
  switch (path) {
    case '/':
      return homeSections(site, copy, s);
    case '/contact': {
      const showEmail = emailInFooter(site) || site.email.presentation === 'contact-page';
      return [
        `<h1>${esc(copy.heading.contact)}</h1>\n<p>${esc(copy.contactIntro(c))}</p>`,
        contactBlock(site, copy, s, showEmail),
        contactFormPath(site) === '/contact' ? contactForm(site, copy) : '',
      ].filter(Boolean);
    }
    case '/about':
      return [
        `<h1>${esc(copy.heading.about)}</h1>\n${copy.about.map((p) => `<p>${esc(p(c))}</p>`).join('\n')}\n${ownerLine(site, copy)}`,
        `<h2>${esc(copy.heading.reviews)}</h2>\n${copy.reviews.map((r) => `<blockquote><p>${esc(r(c))}</p></blockquote>`).join('\n')}`,
      ];
    case '/services':
      return [
        `<h1>${esc(copy.heading.services)}</h1>\n<p>${esc(s.tagline)}</p>`,
        `<ul class="services">${copy.services(c).map((sv, i) => `<li><h3>${esc(sv)}</h3><p>${esc(s.blurbs[i % s.blurbs.length](sv, c))}</p></li>`).join('\n')}</ul>`,
      ];
  }
}

/** On layout-shift sites: a banner pushed in above everything a second after the page loads. */
function lateBanner(site: SandboxSite): string {
  if (!sitePerformance(site).layoutShift) return '';
  const text = DEAD_LINK_TEXT[site.language];
  return `<script>window.addEventListener('load', function () { setTimeout(function () { var b = document.createElement('div'); b.className = 'promo-banner'; b.style.cssText = 'height:180px;background:#c0392b;color:#fff;font-size:28px;padding:24px'; b.textContent = ${JSON.stringify(text)}; document.body.insertBefore(b, document.body.firstChild); }, ${BANNER_DELAY_MS}); });</script>`;
}

/** A full page of the site, or null when the site has no such page. */
export function renderPage(site: SandboxSite, path: PagePath, baseUrl: string): string | null {
  if (!existingPaths(site).includes(path)) return null;
  const copy = COPY[site.language];
  const s = style(site);
  const titles: Record<PagePath, string> = { '/': site.name, '/contact': copy.nav.contact, '/about': copy.nav.about, '/services': copy.nav.services };
  const links: [PagePath, string][] = [['/', copy.nav.home], ['/services', copy.nav.services], ['/about', copy.nav.about], ['/contact', copy.nav.contact]];
  const nav = links
    .filter(([href]) => site.navLinksMissingPages || existingPaths(site).includes(href))
    .map(([href, label]) => ({ href, label }));
  const head = renderHead(site, {
    title: path === '/' ? homeTitle(site) : `${titles[path]} | ${site.name}`,
    description: s.tagline,
    canonical: new URL(path, baseUrl).href,
    baseUrl,
    home: path === '/',
  });
  const tail = [liveChatScript(site), site.email.presentation === 'cloudflare' ? CLOUDFLARE_DECODER : '', path === '/' ? lateBanner(site) : ''].filter(Boolean).join('\n');
  return renderDocument(site, { head, nav, sections: pageSections(site, path, copy, s), footer: footer(site, copy, s), tail, phone: site.phone, home: path === '/' });
}

/** Plain server pages (like nginx's): no theme, no contact details to mistake for content. */
export function plainPage(status: number, title: string, text: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8" /><title>${status} ${esc(title)}</title></head>\n<body>\n<h1>${status} ${esc(title)}</h1>\n<p>${esc(text)}</p>\n<hr />\n<p class="sandbox-label">${SANDBOX_LABEL}</p>\n</body>\n</html>\n`;
}
