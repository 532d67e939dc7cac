// The header's brand as the site's naming style draws it (see naming.ts): the name as text, the
// name with a tagline beside it, or a logo image whose alt text is the name.
import { logoImage, siteNaming } from '../naming.ts';
import type { SandboxSite } from '../site.ts';
import { esc } from './html.ts';

/** The brand link (`tag` "a" with class `cls`), and the tagline beside it on "text-tagline" sites. */
export function brandMarkup(site: SandboxSite, cls: string): string {
  const n = siteNaming(site);
  const logo = logoImage(site);
  const inner = logo ? `<img src="${logo.src}" alt="${esc(logo.alt)}" width="${logo.width}" height="${logo.height}" class="custom-logo" />` : esc(site.name);
  const link = `<a href="/" class="${cls}"${logo ? ' rel="home"' : ''}>${inner}</a>`;
  return n.brand === 'text-tagline' ? `${link}<p class="site-description">${esc(n.tagline)}</p>` : link;
}

/** The retro template's brand: bold text or the logo image. */
export function retroBrand(site: SandboxSite): string {
  const logo = logoImage(site);
  if (logo) return `<a href="/"><img src="${logo.src}" alt="${esc(logo.alt)}" width="${logo.width}" height="${logo.height}" border="0" /></a>`;
  const tagline = siteNaming(site).brand === 'text-tagline' ? `<br /><font face="Georgia" size="3"><i>${esc(siteNaming(site).tagline)}</i></font>` : '';
  return `<font face="Georgia" size="6"><b>${esc(site.name)}</b></font>${tagline}`;
}
