// The ways small-business sites show (and hide) an email address. Each encoding is the real
// one, so a contact finder that decodes it here decodes it in the wild too.
import type { EmailPresentation } from '../site.ts';
import { esc } from './html.ts';

/** Cloudflare email protection: first byte is the key, then every character XOR the key, in hex. */
export function cloudflareEncode(address: string, key: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return hex(key) + [...address].map((ch) => hex(ch.charCodeAt(0) ^ key)).join('');
}

export function htmlEntities(text: string): string {
  return [...text].map((ch) => `&#${ch.charCodeAt(0)};`).join('');
}

/** "info [at] lopezplumbing [dot] com" */
export function atBrackets(address: string): string {
  const [local, domain] = address.split('@');
  return `${local} [at] ${domain.split('.').join(' [dot] ')}`;
}

/** One address as the given presentation shows it in the page. */
export function emailMarkup(address: string, presentation: EmailPresentation, cfKey: number): string {
  switch (presentation) {
    case 'mailto':
    case 'contact-page':
      return `<a href="mailto:${esc(address)}">${esc(address)}</a>`;
    case 'text':
      return `<span class="email">${esc(address)}</span>`;
    case 'at-brackets':
      return `<span class="email">${esc(atBrackets(address))}</span>`;
    case 'at-parens':
      return `<span class="email">${esc(address.replace('@', '(at)'))}</span>`;
    case 'entities':
      return `<span class="email">${htmlEntities(address)}</span>`;
    case 'cloudflare': {
      const hex = cloudflareEncode(address, cfKey);
      return `<a href="/cdn-cgi/l/email-protection#${hex}"><span class="__cf_email__" data-cfemail="${hex}">[email&#160;protected]</span></a>`;
    }
    default:
      return '';
  }
}

/** The decoder script Cloudflare injects; served as a stub, it only marks the technique. */
export const CLOUDFLARE_DECODER = '<script data-cfasync="false" src="/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js"></script>';
