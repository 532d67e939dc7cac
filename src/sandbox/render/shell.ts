// Page shells: the same content poured into differently built documents (hand-written
// classic, modern semantic, 2000s table layout, and the markup each CMS produces), so an
// analyser cannot lean on one structure.
import type { SandboxSite } from '../site.ts';
import { brandMarkup, retroBrand } from './brand.ts';
import { esc } from './html.ts';

export interface ShellParts {
  head: string;
  nav: { href: string; label: string }[];
  /** Sections of the main content, already rendered. */
  sections: string[];
  footer: string;
  /** Scripts at the end of <body> (live chat, Cloudflare decoder). */
  tail: string;
  /** Shown in the header on some templates. */
  phone: string | null;
  home: boolean;
}

function htmlOpen(site: SandboxSite): string {
  return site.langAttribute ? `<html lang="${site.language}">` : '<html>';
}

const navList = (p: ShellParts, attrs: string) =>
  `<ul ${attrs}>${p.nav.map((n) => `<li><a href="${n.href}">${esc(n.label)}</a></li>`).join('')}</ul>`;

function cmsDocument(site: SandboxSite, p: ShellParts): string {
  const logo = brandMarkup(site, 'logo');
  const main = p.sections.join('\n');
  switch (site.cms) {
    case 'WordPress': {
      const bodyClass = `${p.home ? 'home ' : ''}page-template-default page wp-custom-logo${site.ecommerce ? ' woocommerce-js' : ''}`;
      return `<body class="${bodyClass}">\n<div id="page" class="site">\n<header id="masthead" class="site-header"><div class="site-branding">${logo}</div>
<nav id="site-navigation" class="main-navigation">${navList(p, 'id="primary-menu" class="menu"')}</nav>
<form role="search" method="get" class="search-form" action="/"><input type="search" class="search-field" name="s" aria-label="Search" /></form></header>
<div id="content" class="site-content"><main id="main" class="site-main"><article class="page type-page status-publish"><div class="entry-content">
${p.sections.map((s) => `<div class="wp-block-group">${s}</div>`).join('\n')}
</div></article></main></div>\n<footer id="colophon" class="site-footer">${p.footer}</footer>\n</div>`;
    }
    case 'Wix':
      return `<body>\n<div id="SITE_CONTAINER"><div id="main_MF"><div id="site-root">
<header id="SITE_HEADER" class="wixui-header"><div data-testid="linkElement">${logo}</div><nav class="wixui-dropdown-menu">${navList(p, 'class="comp-menu"')}</nav></header>
<main id="PAGES_CONTAINER" tabindex="-1">${p.sections.map((s) => `<section class="wixui-section"><div data-testid="richTextElement" class="wixui-rich-text">${s}</div></section>`).join('\n')}</main>
<footer id="SITE_FOOTER" class="wixui-footer">${p.footer}</footer>\n</div></div></div>`;
    case 'Squarespace':
      return `<body class="sqs-site ${p.home ? 'homepage' : 'collection-type-page'}">\n<header class="Header"><div class="Header-branding">${logo}</div><nav class="Header-nav">${navList(p, 'class="Header-nav-inner"')}</nav></header>
<main class="Main"><div class="sqs-layout sqs-grid-12 columns-12">${p.sections.map((s) => `<div class="sqs-block html-block"><div class="sqs-block-content">${s}</div></div>`).join('\n')}</div></main>
<footer class="Footer">${p.footer}</footer>`;
    default:
      return `<body class="${p.home ? 'template-index' : 'template-page'}">\n<div id="shopify-section-header" class="shopify-section"><header class="header">${logo}<nav>${navList(p, 'class="list-menu"')}</nav><a href="/cart" class="header__icon--cart">Cart</a></header></div>
<main id="MainContent" class="content-for-layout">${main}</main>
<div id="shopify-section-footer" class="shopify-section"><footer class="footer">${p.footer}</footer></div>`;
  }
}

function handWritten(site: SandboxSite, p: ShellParts): string {
  const phone = p.phone ? `<p class="call">${esc(p.phone)}</p>` : '';
  if (site.template === 'retro') {
    return `<body bgcolor="#fdf6e3" text="#222222">\n<center><table width="760" border="0" cellpadding="8" cellspacing="0">
<tr><td>${retroBrand(site)}<br />${phone}</td></tr>
<tr><td bgcolor="#e8dcc0"><font face="Arial" size="2">${p.nav.map((n) => `<a href="${n.href}">${esc(n.label)}</a>`).join(' | ')}</font></td></tr>
<tr><td><font face="Arial" size="3">\n${p.sections.join('\n<hr />\n')}\n</font></td></tr>
<tr><td><font face="Arial" size="2">${p.footer}</font></td></tr>\n</table></center>`;
  }
  if (site.template === 'classic') {
    return `<body>\n<div id="wrapper">\n<div id="header"><div class="logo">${brandMarkup(site, 'site-title')}</div>${phone}
${navList(p, 'id="nav"')}</div>\n<div id="content">\n${p.sections.map((s) => `<div class="box">${s}</div>`).join('\n')}\n</div>
<div id="footer">${p.footer}</div>\n</div>`;
  }
  return `<body>\n<header class="site-header">${brandMarkup(site, 'brand')}<nav class="nav">${navList(p, 'class="nav-links"')}</nav>${phone}</header>
<main>\n${p.sections.map((s) => `<section>${s}</section>`).join('\n')}\n</main>\n<footer class="site-footer">${p.footer}</footer>`;
}

export function renderDocument(site: SandboxSite, p: ShellParts): string {
  const body = site.cms ? cmsDocument(site, p) : handWritten(site, p);
  const doctype = site.template === 'retro' ? '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">' : '<!DOCTYPE html>';
  return `${doctype}\n${htmlOpen(site)}\n${p.head}\n${body}\n${p.tail}\n</body>\n</html>\n`;
}
