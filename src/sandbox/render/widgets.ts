// Third-party markers as the vendors' own embed snippets look: CMS fingerprints, shops,
// booking widgets, live chat and analytics. External URLs are never loaded: the sandbox
// serves a Content-Security-Policy that keeps browsers on the sandbox itself.
import { industryByKey } from '../catalog/industries.ts';
import type { SandboxSite } from '../site.ts';
import type { Copy } from './copy.ts';
import { esc } from './html.ts';

/** A stable id for vendor snippets (GA measurement ids, chat app ids...). */
export function vendorId(site: SandboxSite, salt: number, length: number, alphabet = '0123456789abcdef'): string {
  let x = (site.textSeed ^ Math.imul(salt, 2654435761)) >>> 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x ^ (x >>> 15), 2246822519) + 374761393) >>> 0;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

export function cmsHead(site: SandboxSite): string {
  const shopId = vendorId(site, 7, 8, '0123456789');
  switch (site.cms) {
    case 'WordPress':
      return [
        '<meta name="generator" content="WordPress 6.4.3" />',
        ...(site.ecommerce === 'WooCommerce'
          ? ['<meta name="generator" content="WooCommerce 8.5.2" />',
             '<link rel="stylesheet" id="woocommerce-general-css" href="/wp-content/plugins/woocommerce/assets/css/woocommerce.css?ver=8.5.2" media="all" />']
          : []),
        '<link rel="stylesheet" id="astra-theme-css-css" href="/wp-content/themes/astra/assets/css/minified/main.min.css?ver=4.6.4" media="all" />',
        '<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>',
        '<link rel="https://api.w.org/" href="/wp-json/" />',
      ].join('\n');
    case 'Shopify':
      return [
        `<link rel="stylesheet" href="//cdn.shopify.com/s/files/1/0612/${shopId.slice(0, 4)}/t/4/assets/base.css?v=1699" />`,
        `<script src="//cdn.shopify.com/s/files/1/0612/${shopId.slice(0, 4)}/t/4/assets/global.js?v=1699" defer="defer"></script>`,
        `<script>var Shopify = Shopify || {};\nShopify.shop = "${site.slug}.myshopify.com";\nShopify.locale = "${site.language}";\nShopify.currency = {"active":"USD","rate":"1.0"};\nShopify.theme = {"name":"Dawn","id":13${shopId},"role":"main"};</script>`,
      ].join('\n');
    case 'Wix':
      return [
        '<meta name="generator" content="Wix.com Website Builder" />',
        '<link rel="preconnect" href="https://static.wixstatic.com" />',
        '<script src="https://static.parastorage.com/unpkg/react@18.3.1/umd/react.production.min.js"></script>',
      ].join('\n');
    case 'Squarespace':
      return [
        '<!-- This is Squarespace. -->',
        `<link rel="stylesheet" href="https://static1.squarespace.com/static/versioned-site-css/5f${vendorId(site, 9, 22)}/site.css" />`,
        '<script src="https://static1.squarespace.com/static/vta/5c5a519771c10ba3470d8101/scripts/site-bundle.js" defer></script>',
        `<script>Static = window.Static || {}; Static.SQUARESPACE_CONTEXT = {"website":{"id":"5f${vendorId(site, 9, 22)}","siteTitle":${JSON.stringify(site.name)}}};</script>`,
      ].join('\n');
    default:
      return site.template === 'retro' ? '' : '<link rel="stylesheet" href="/css/style.css" />';
  }
}

export function analyticsHead(site: SandboxSite): string {
  if (site.analytics === 'Google Analytics') {
    const id = `G-${vendorId(site, 3, 10, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`;
    return `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script>\n<script>\n  window.dataLayer = window.dataLayer || [];\n  function gtag(){dataLayer.push(arguments);}\n  gtag('js', new Date());\n  gtag('config', '${id}');\n</script>`;
  }
  if (site.analytics === 'Plausible') return `<script defer data-domain="${site.domain}" src="https://plausible.io/js/script.js"></script>`;
  return '';
}

export function liveChatScript(site: SandboxSite): string {
  const id = vendorId(site, 5, 24);
  switch (site.liveChat) {
    case 'Tawk.to':
      return `<!--Start of Tawk.to Script-->\n<script type="text/javascript">\nvar Tawk_API=Tawk_API||{}, Tawk_LoadStart=new Date();\n(function(){var s1=document.createElement("script"),s0=document.getElementsByTagName("script")[0];s1.async=true;s1.src='https://embed.tawk.to/${id}/default';s1.charset='UTF-8';s1.setAttribute('crossorigin','*');s0.parentNode.insertBefore(s1,s0);})();\n</script>\n<!--End of Tawk.to Script-->`;
    case 'Intercom':
      return `<script>window.intercomSettings = { api_base: "https://api-iam.intercom.io", app_id: "${id.slice(0, 8)}" };</script>\n<script async src="https://widget.intercom.io/widget/${id.slice(0, 8)}"></script>`;
    case 'Drift':
      return `<script>"use strict";!function(){var t=window.driftt=window.drift=window.driftt||[];if(!t.init){t.invoked=!0,t.methods=["identify","track","page"],t.factory=function(e){return function(){var n=Array.prototype.slice.call(arguments);return n.unshift(e),t.push(n),t}},t.methods.forEach(function(e){t[e]=t.factory(e)})}}();\ndrift.SNIPPET_VERSION = '0.3.1';\ndrift.load('${id.slice(0, 12)}');</script>\n<script async src="https://js.driftt.com/include/1700000000000/${id.slice(0, 12)}.js"></script>`;
    default:
      return '';
  }
}

export function bookingWidget(site: SandboxSite, copy: Copy): string {
  const num = vendorId(site, 11, 8, '0123456789');
  const heading = `<h2>${esc(copy.heading.book)}</h2>`;
  switch (site.booking) {
    case 'Calendly':
      return `${heading}\n<div class="calendly-inline-widget" data-url="https://calendly.com/${site.slug}/consultation" style="min-width:320px;height:630px;"></div>\n<script type="text/javascript" src="https://assets.calendly.com/assets/external/widget.js" async></script>`;
    case 'Acuity Scheduling':
      return `${heading}\n<iframe src="https://app.acuityscheduling.com/schedule.php?owner=${num}" title="Schedule Appointment" width="100%" height="800" frameborder="0"></iframe>\n<script src="https://embed.acuityscheduling.com/js/embed.js" type="text/javascript"></script>`;
    case 'Square Appointments': {
      const loc = vendorId(site, 13, 13, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789');
      return `${heading}\n<a target="_top" class="square-appointments-button" href="https://squareup.com/appointments/book/${vendorId(site, 12, 14)}/${loc}/start">${esc(copy.label.bookNow)}</a>\n<script src="https://app.squareup.com/appointments/buyer/widget/${vendorId(site, 12, 14)}/${loc}.js"></script>`;
    }
    case 'OpenTable':
      return `${heading}\n<script type="text/javascript" src="//www.opentable.com/widget/reservation/loader?rid=${num}&amp;type=standard&amp;theme=standard&amp;iframe=true&amp;domain=com&amp;lang=en-US&amp;newtab=false&amp;ot_source=Restaurant%20website"></script>`;
    default:
      return '';
  }
}

/** What the shop sells: goods for shops, a voucher-like item and a gift card otherwise. */
function products(site: SandboxSite, copy: Copy, services: string[]): { name: string; handle: string; price: string }[] {
  const names = industryByKey(site.industry).sellsGoods ? services.slice(0, 3) : services.slice(0, 1);
  return [...names, copy.label.giftCard].map((name, i) => ({
    name,
    price: `$${(12 + ((site.textSeed >> i) % 60)).toFixed(2)}`,
    handle: `item-${i + 1}`,
  }));
}

export function shopSection(site: SandboxSite, copy: Copy, services: string[]): string {
  if (!site.ecommerce) return '';
  const items = products(site, copy, services);
  if (site.ecommerce === 'Shopify') {
    const cards = items.map((p, i) => `<div class="product-card"><a href="/products/${p.handle}">${esc(p.name)}</a> <span class="price">${p.price}</span>
  <form method="post" action="/cart/add" accept-charset="UTF-8" class="shopify-product-form" enctype="multipart/form-data"><input type="hidden" name="id" value="4${vendorId(site, 20 + i, 9, '0123456789')}" /><button type="submit" name="add">${esc(copy.label.addToCart)}</button></form></div>`);
    return `<section id="shopify-section-featured-collection" class="shopify-section"><h2>${esc(copy.heading.shop)}</h2>\n${cards.join('\n')}\n<a href="/cart">Cart</a></section>`;
  }
  const cards = items.map((p, i) => `<li class="product type-product status-publish instock"><a href="/product/${p.handle}/" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">${esc(p.name)}</h2><span class="price"><span class="woocommerce-Price-amount amount">${p.price}</span></span></a><a href="?add-to-cart=${101 + i}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="${101 + i}">${esc(copy.label.addToCart)}</a></li>`);
  return `<section class="woocommerce"><h2>${esc(copy.heading.shop)}</h2>\n<ul class="products columns-3">\n${cards.join('\n')}\n</ul>\n<script src="/wp-content/plugins/woocommerce/assets/js/frontend/add-to-cart.min.js?ver=8.5.2"></script></section>`;
}

/** A real contact form: it always has a message textarea (the newsletter form never does). */
export function contactForm(site: SandboxSite, copy: Copy): string {
  const l = copy.label;
  if (site.cms === 'WordPress') {
    return `<div class="wpcf7 js" id="wpcf7-f5-o1" lang="${site.language}" dir="ltr"><form action="/contact#wpcf7-f5-o1" method="post" class="wpcf7-form init" novalidate="novalidate">
<p><label>${esc(l.name)}<br /><span class="wpcf7-form-control-wrap" data-name="your-name"><input size="40" class="wpcf7-form-control wpcf7-text" type="text" name="your-name" /></span></label></p>
<p><label>${esc(l.email)}<br /><span class="wpcf7-form-control-wrap" data-name="your-email"><input size="40" class="wpcf7-form-control wpcf7-email" type="email" name="your-email" /></span></label></p>
<p><label>${esc(l.message)}<br /><span class="wpcf7-form-control-wrap" data-name="your-message"><textarea cols="40" rows="10" class="wpcf7-form-control wpcf7-textarea" name="your-message"></textarea></span></label></p>
<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="${esc(l.send)}" /></p>
</form></div>`;
  }
  return `<form class="contact-form" action="/contact" method="post">
  <label for="cf-name">${esc(l.name)}</label> <input id="cf-name" type="text" name="name" required />
  <label for="cf-email">${esc(l.email)}</label> <input id="cf-email" type="email" name="email" required />
  <label for="cf-message">${esc(l.message)}</label> <textarea id="cf-message" name="message" rows="5"></textarea>
  <button type="submit">${esc(l.send)}</button>
</form>`;
}

export function newsletterForm(copy: Copy): string {
  return `<div class="newsletter"><h3>${esc(copy.heading.newsletter)}</h3><form action="/subscribe" method="post"><input type="email" name="email" placeholder="you@example.com" aria-label="${esc(copy.label.email)}" /> <button type="submit">${esc(copy.label.subscribe)}</button></form></div>`;
}

const NETWORKS = ['facebook', 'instagram', 'yelp', 'linkedin'] as const;

/** Social links: icon-only and unlabelled on careless sites (empty links), labelled otherwise. */
export function socialLinks(site: SandboxSite, copy: Copy): string {
  if (site.emptyLinks > 0) {
    const links = NETWORKS.slice(0, site.emptyLinks).map((n) => `<a href="https://www.${n}.com/${site.slug}" class="social-icon"><i class="icon icon-${n}"></i></a>`);
    return `<div class="social">${links.join(' ')}</div>`;
  }
  const links = NETWORKS.slice(0, 2).map((n) => `<a href="https://www.${n}.com/${site.slug}" aria-label="${n[0].toUpperCase()}${n.slice(1)}"><i class="icon icon-${n}"></i></a>`);
  return `<div class="social">${esc(copy.label.follow)}: ${links.join(' ')}</div>`;
}
