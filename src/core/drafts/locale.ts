// Which language (and for English and German, which spelling) a lead's email is written in: the
// site's own language when a writer knows it, British spelling where the business is in a country
// that writes it, American otherwise, Swiss German ("ss" for "ß") in Switzerland and Liechtenstein,
// European Portuguese in Portugal and the countries that write as it does, and Latin American
// Spanish in the Americas.
import { countryCode } from '../countries.ts';
import type { EmailLocale } from '../model/analysis.ts';

const WRITTEN: Record<string, EmailLocale> = { es: 'es', fr: 'fr', de: 'de', pt: 'pt', it: 'it', nl: 'nl', pl: 'pl' };
const SWISS = new Set(['CH', 'LI']);
/** The Americas' Spanish-speaking countries, and the United States' Spanish-speaking businesses. */
const LATIN_AMERICA = new Set(['MX', 'GT', 'SV', 'HN', 'NI', 'CR', 'PA', 'CU', 'DO', 'PR', 'CO', 'VE', 'EC', 'PE', 'BO', 'CL', 'AR', 'UY', 'PY', 'US']);
/** Portugal and the countries that write its Portuguese (Angola, Mozambique, Cape Verde, Guinea-Bissau, São Tomé, East Timor, Macau). */
const EUROPEAN_PORTUGUESE = new Set(['PT', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL', 'MO']);
const BRITISH = new Set(['GB', 'IE', 'AU', 'NZ', 'IN', 'MY', 'SG', 'ZA']);

/** The default signature's closing in the email's language (a sender's own signature is never changed). */
const CLOSINGS: Partial<Record<EmailLocale, string>> = {
  es: 'Un saludo,',
  'es-419': 'Saludos cordiales,',
  fr: 'Cordialement,',
  de: 'Viele Grüße',
  'de-CH': 'Freundliche Grüsse',
  pt: 'Atenciosamente,',
  'pt-PT': 'Com os melhores cumprimentos,',
  it: 'Cordiali saluti,',
  nl: 'Met vriendelijke groet,',
  pl: 'Pozdrawiam,',
};

export function localSignature(defaultSignature: string, locale: EmailLocale): string {
  const closing = CLOSINGS[locale];
  return closing ? defaultSignature.replace(/^[^\n]*/, closing) : defaultSignature;
}

export function emailLocale(language: string | null | undefined, country: string | null | undefined): EmailLocale {
  const written = WRITTEN[(language ?? '').toLowerCase()];
  const code = countryCode(country) ?? '';
  if (written === 'de' && SWISS.has(code)) return 'de-CH';
  if (written === 'pt' && EUROPEAN_PORTUGUESE.has(code)) return 'pt-PT';
  if (written === 'es' && LATIN_AMERICA.has(code)) return 'es-419';
  if (written) return written;
  return BRITISH.has(code) ? 'en-GB' : 'en-US';
}
