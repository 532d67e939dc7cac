// Countries as the product meets them (an ISO code, or the name a site or a listing writes) and
// the languages their businesses write. Apart from language.ts so that what needs only a
// country (the email's locale) does not load the language detector.

/**
 * The languages a business in each country writes its site in (ISO 3166 alpha-2 → ISO 639-1):
 * Switzerland writes German, French or Italian, never English by default. Countries not listed
 * are not judged.
 */
const COUNTRY_LANGUAGES: Record<string, readonly string[]> = {
  US: ['en', 'es'], GB: ['en'], UK: ['en'], IE: ['en'], AU: ['en'], NZ: ['en'], CA: ['en', 'fr'], IN: ['en', 'hi'], MY: ['en', 'ms'], SG: ['en'], ZA: ['en', 'af'],
  PL: ['pl'], DE: ['de'], AT: ['de'], CH: ['de', 'fr', 'it'], LI: ['de'], FR: ['fr'], BE: ['nl', 'fr', 'de'], LU: ['fr', 'de'], NL: ['nl'],
  ES: ['es', 'ca'], MX: ['es'], AR: ['es'], CO: ['es'], CL: ['es'], PE: ['es'], IT: ['it'], PT: ['pt'], BR: ['pt'],
  TR: ['tr'], AZ: ['az'], SE: ['sv'], NO: ['no', 'nb', 'nn'], DK: ['da'], CZ: ['cs'],
};
/** Countries by the names sites and listings write them in (schema.org addressCountry "Polska"). */
const COUNTRY_NAMES: Record<string, string> = {
  'united states': 'US', usa: 'US', us: 'US', 'united kingdom': 'GB', uk: 'GB', gb: 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'northern ireland': 'GB',
  ireland: 'IE', australia: 'AU', 'new zealand': 'NZ', canada: 'CA', india: 'IN', malaysia: 'MY', singapore: 'SG', 'south africa': 'ZA', poland: 'PL', polska: 'PL',
  germany: 'DE', deutschland: 'DE', austria: 'AT', switzerland: 'CH', schweiz: 'CH', suisse: 'CH', france: 'FR', belgium: 'BE',
  netherlands: 'NL', spain: 'ES', 'españa': 'ES', mexico: 'MX', 'méxico': 'MX', italy: 'IT', italia: 'IT', portugal: 'PT', brazil: 'BR', brasil: 'BR',
};

/** A country's ISO 3166 alpha-2 code from a code ("ch") or its name ("Switzerland", "Polska"); undefined when unknown. */
export function countryCode(country: string | null | undefined): string | undefined {
  const raw = (country ?? '').trim();
  return COUNTRY_NAMES[raw.toLowerCase()] ?? (/^[a-z]{2}$/i.test(raw) ? raw.toUpperCase() : undefined);
}

/** A country as its ISO code ("CH", or "Switzerland" → "CH"), and the languages its businesses write; undefined when not judged. */
export function countryLanguages(country: string | null | undefined): { code: string; spoken: readonly string[] } | undefined {
  const code = countryCode(country);
  const spoken = code ? COUNTRY_LANGUAGES[code] : undefined;
  return spoken && code ? { code, spoken } : undefined;
}
