// The business's country (ISO 3166 alpha-2), for the writer's spelling and the recipient's
// time zone: from schema.org addressCountry, a US or UK address, the phone's country code,
// then the domain's country ending. Generic endings (.com) say nothing.
import type { Proof } from '../../model/analysis.ts';
import { countryCode } from '../../countries.ts';
import { typesOf, type ParsedPage } from './dom.ts';

const CALLING: Record<string, string> = {
  '1': 'US', '44': 'GB', '353': 'IE', '61': 'AU', '64': 'NZ', '48': 'PL', '49': 'DE', '33': 'FR', '34': 'ES', '39': 'IT',
  '31': 'NL', '32': 'BE', '41': 'CH', '43': 'AT', '351': 'PT', '90': 'TR', '91': 'IN', '60': 'MY', '65': 'SG', '52': 'MX',
  '54': 'AR', '57': 'CO', '56': 'CL', '27': 'ZA', '994': 'AZ', '46': 'SE', '47': 'NO', '45': 'DK', '420': 'CZ',
};
const TLD: Record<string, string> = {
  uk: 'GB', ie: 'IE', au: 'AU', nz: 'NZ', ca: 'CA', pl: 'PL', de: 'DE', fr: 'FR', es: 'ES', it: 'IT', nl: 'NL', be: 'BE',
  ch: 'CH', at: 'AT', pt: 'PT', tr: 'TR', in: 'IN', my: 'MY', sg: 'SG', mx: 'MX', ar: 'AR', za: 'ZA', az: 'AZ', se: 'SE',
  no: 'NO', dk: 'DK', cz: 'CZ', us: 'US',
};

/** The US states' (and DC's) postal codes, as a pattern. */
export const US_STATE_CODE = '(?:A[LKZR]|C[AOT]|D[EC]|FL|GA|HI|I[DLNA]|K[SY]|LA|M[EDAINSOT]|N[EVHJMYCD]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[TA]|W[AVIY])';
const US_ADDRESS = new RegExp(`\\b${US_STATE_CODE}\\s+\\d{5}(?:-\\d{4})?\\b`);
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/;

export function countryOf(url: string, pages: ParsedPage[], phones: string[], address: string | undefined): { code: string; proof: Proof } | undefined {
  const found = (code: string, detail: string, confidence: number) => ({ code, proof: { url, detail, confidence } });
  for (const o of pages.flatMap((p) => p.jsonLd)) {
    const addr = o.address as Record<string, unknown> | undefined;
    const raw = addr && typeof addr === 'object' ? addr.addressCountry : undefined;
    const name = typeof raw === 'string' ? raw : raw && typeof raw === 'object' ? (raw as Record<string, unknown>).name : undefined;
    if (typeof name === 'string' && typesOf(o).length) {
      const code = countryCode(name);
      if (code) return found(code, `schema.org addressCountry "${name}"`, 1);
    }
  }
  if (address && US_ADDRESS.test(address)) return found('US', `US address "${address.slice(0, 100)}"`, 0.95);
  if (address && UK_POSTCODE.test(address)) return found('GB', `UK postcode in "${address.slice(0, 100)}"`, 0.9);
  for (const phone of phones) {
    const m = /^\s*\(?(?:\+|00)(\d{1,3})/.exec(phone);
    if (!m) continue;
    for (const len of [3, 2, 1]) {
      const code = CALLING[m[1].slice(0, len)];
      if (code && m[1].length >= len) return found(code, `phone number ${phone} (country code +${m[1].slice(0, len)})`, 0.85);
    }
  }
  let host = '';
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  const tld = host.split('.').pop() ?? '';
  if (TLD[tld]) return found(TLD[tld], `the domain ends in .${tld}`, 0.8);
  return undefined;
}

/** Words only Portugal writes (and Brazil would not), and only Brazil. */
const EUROPEAN = /(?<![\p{L}])(?:infant[áa]rios?|telem[óo]ve(?:l|is)|equipa|contactos?|actividades?|ac[çc][ãa]o|direc[çc][ãa]o|[óo]ptim[oa]s?|autocarros?|pequeno-almo[çc]o|ecr[ãa]|Lda\.?|freguesia|concelho)(?![\p{L}])/giu;
const BRAZILIAN = /(?<![\p{L}])(?:CEP|CNPJ|Ltda\.?|contatos?|celular|equipe|[ôo]nibus|voc[êe])(?![\p{L}])/giu;

/**
 * Where a Portuguese site that gives no country is, by the words it writes: "Infantário",
 * "Actividades", "Lda." are Portugal's (and its former colonies', which write as it does); "CEP",
 * "contato", "equipe" Brazil's. Two of one side's and none of the other's, or nothing is said.
 */
export function portugueseCountry(url: string, pages: ParsedPage[]): { code: string; proof: Proof } | undefined {
  // The titles too: "Berçário - Creche - Infantário - Actividades" is what a tab shows.
  const text = pages.map((p) => `${p.$('title').first().text()}\n${p.text}`).join('\n');
  const found = (re: RegExp) => [...new Map([...text.matchAll(re)].map((m) => [m[0].toLowerCase(), m[0]])).values()];
  const european = found(EUROPEAN);
  const brazilian = found(BRAZILIAN);
  const [code, words, variant] = european.length >= 2 && brazilian.length === 0 ? ['PT', european, 'European'] : brazilian.length >= 2 && european.length === 0 ? ['BR', brazilian, 'Brazilian'] : [];
  if (!code || !words) return undefined;
  return { code, proof: { url, detail: `${variant} Portuguese words on the site: ${words.slice(0, 3).map((w) => `"${w}"`).join(', ')}`, confidence: 0.6 } };
}
