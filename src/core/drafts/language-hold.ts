// Never English to a site in another language: a lead whose site is in a language no configured
// writer can write is held, with the reason, instead of drafted. The offline (heuristic) writer
// writes the EMAIL_LOCALES languages; Gemini is told the site's language by name and writes it.
// A site whose language is unknown is written to in English only where its country writes
// English (or its country is unknown); a Swiss site too short to read is held, by either writer.
import { EMAIL_LOCALES } from '../model/analysis.ts';
import { countryLanguages } from '../countries.ts';
import type { AiProvider } from '../model/providers.ts';

/** The primary language subtags the offline writer writes: en, es, fr, de, pt, it, nl, pl. */
export const OFFLINE_LANGUAGES: ReadonlySet<string> = new Set(EMAIL_LOCALES.map((locale) => locale.slice(0, 2)));

const NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "ja-JP" → "ja"; undefined for anything that is not a language code ("und" is franc's "unknown"). */
export function primaryLanguage(code: string | null | undefined): string | undefined {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return /^[a-z]{2,3}$/.test(primary) && primary !== 'und' ? primary : undefined;
}

/** A language's name in English ("ja" → "Japanese"); `the language "xx"` for a code with no name. */
export function languageName(code: string): string {
  let name: string | undefined;
  try {
    name = NAMES.of(code);
  } catch {
    name = undefined;
  }
  return name && name.toLowerCase() !== code.toLowerCase() ? name : `the language "${code}"`;
}

/**
 * The reason to hold a lead's draft because of its site's language, or null when the writer can
 * write it: `the site is in Japanese; the offline writer cannot write Japanese: configure the AI
 * writer or write it yourself`. A site whose language is unknown is held where its country does
 * not write English (`country`: its ISO code or English name).
 */
export function languageHold(websiteLanguage: string | null | undefined, writer: AiProvider['id'], country?: string | null): string | null {
  const language = primaryLanguage(websiteLanguage);
  const where = countryLanguages(country);
  if (!language && where && !where.spoken.includes('en')) {
    const names = where.spoken.map(languageName);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
    return `the site's language could not be read from its text, and a business in ${REGIONS.of(where.code)} writes ${list}, not English: write it yourself`;
  }
  if (!language || OFFLINE_LANGUAGES.has(language) || writer === 'gemini') return null;
  const name = languageName(language);
  return `the site is in ${name}; the offline writer cannot write ${name}: configure the AI writer or write it yourself`;
}
