// The language of a text (a site's, a draft's), as an ISO 639-1 code. franc-min reads the text;
// <html lang> wins when it is one of franc's strong candidates (or the text is too short to
// judge), because templates often keep a wrong lang="en" on pages written in another language.
// A short text with no lang attribute is read against the languages of the business's country
// (countries.ts): franc reads an address and a few German words ("Sport PhysiotherapieBern
// Randweg 9 3013 Bern E-Mail") as English, which no Swiss site is written in by default.
import { francAll } from 'franc-min';

/** franc-min's ISO 639-3 codes (and the script-detected ones) → ISO 639-1. */
const ISO1: Record<string, string> = {
  eng: 'en', spa: 'es', fra: 'fr', deu: 'de', por: 'pt', ita: 'it', nld: 'nl', pol: 'pl', tur: 'tr', ron: 'ro',
  hun: 'hu', ces: 'cs', swe: 'sv', rus: 'ru', ukr: 'uk', bel: 'be', bul: 'bg', srp: 'sr', hrv: 'hr', bos: 'bs',
  ind: 'id', zlm: 'ms', jav: 'jv', sun: 'su', vie: 'vi', tgl: 'tl', ceb: 'ceb', swh: 'sw', hau: 'ha', yor: 'yo',
  ibo: 'ig', zul: 'zu', som: 'so', kin: 'rw', run: 'rn', nya: 'ny', lin: 'ln', plt: 'mg', uzn: 'uz', azj: 'az',
  kaz: 'kk', arb: 'ar', urd: 'ur', pes: 'fa', pbu: 'ps', hin: 'hi', mar: 'mr', mai: 'mai', bho: 'bho', npi: 'ne',
  mag: 'mag', ckb: 'ckb', ilo: 'ilo', qug: 'qu', mad: 'mad', fuv: 'ff', hms: 'hms', hnj: 'hnj', zyb: 'za', koi: 'kv',
  skr: 'skr', cmn: 'zh', jpn: 'ja', kor: 'ko', ell: 'el', heb: 'he', tha: 'th', ben: 'bn', tam: 'ta', tel: 'te',
  kan: 'kn', mal: 'ml', guj: 'gu', pan: 'pa', ori: 'or', sin: 'si', mya: 'my', khm: 'km', lao: 'lo', kat: 'ka',
  hye: 'hy', amh: 'am', tir: 'ti', bod: 'bo', div: 'dv', iii: 'ii', nav: 'nv',
};

// Below this much text franc guesses; the lang attribute (if any) is the better witness.
const MIN_TEXT = 120;
// Below this much, franc reads a menu of dish names and nav words ("Location Menu Salads Sides
// Cart") as French as readily as English: a lang attribute outweighs it, unless the navigation
// words clearly say another language.
const SHORT_TEXT = 400;
// How close (franc's normalised score, top = 1) the declared language must come to count as
// consistent. franc's scores are tightly packed (the 4th guess often scores 0.98), so only a
// near-tie keeps the attribute against the text.
const CONSISTENT = 0.99;
const SAMPLE = 6000;

/** The primary subtag of a lang attribute ("en-US" → "en"), if it looks like one. */
export function declaredLanguage(lang: string | undefined): string | undefined {
  const code = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return /^[a-z]{2,3}$/.test(code) ? code : undefined;
}

// The words of menus and footers, for pages with too little text for franc ("Home About Menu
// Gallery Contact"): language-neutral words (brand names, "email") are not counted.
const NAVIGATION: Record<string, Set<string>> = {
  en: new Set('home about contact us services service gallery menu book now our click here view mobile version street the and of to for welcome more read shop news team prices hours open call find visit order online'.split(' ')),
  es: new Set('inicio nosotros contacto servicios galería galeria menú reservar ahora nuestro nuestros aquí ver calle el la los las de y para bienvenidos más tienda precios horario llámenos visítenos pedido'.split(' ')),
  fr: new Set('accueil contactez nous services galerie réserver maintenant notre nos ici voir rue le la les de et pour bienvenue plus boutique tarifs horaires appelez commander'.split(' ')),
  de: new Set('startseite über uns kontakt leistungen galerie speisekarte buchen jetzt unser unsere hier ansehen straße der die das und für willkommen mehr preise öffnungszeiten anrufen bestellen'.split(' ')),
  pl: new Set('strona główna glowna nas kontakt usługi uslugi galeria rezerwuj teraz nasz nasze tutaj ul w na dla witamy więcej wiecej sklep cennik godziny zadzwoń zadzwon zamów'.split(' ')),
  it: new Set('chi siamo dove contatti contattaci servizi galleria prenota prenotazioni ora nostro nostri nostra qui vedi via il lo la gli le di da e per benvenuti più negozio prezzi orari chiamaci ordina camere'.split(' ')),
  nl: new Set('over ons contact diensten galerij boeken nu onze hier bekijk straat de het een en van voor welkom meer winkel prijzen openingstijden bel bestel'.split(' ')),
  pt: new Set('início inicio sobre nós contato contacto serviços servicos galeria reservar agora nosso nossa aqui ver rua o os as de e para bem-vindos mais loja preços horário ligue encomendar'.split(' ')),
};

/** Loan phrases every language uses ("bed and breakfast a bologna"): no witness of English. */
const LOANS = /\b(?:bed (?:and|&) breakfast|b&b)\b/gi;

/** The language of a little text by its navigation words; undefined unless one language clearly wins. */
function shortTextLanguage(text: string): string | undefined {
  // "Book NowSERVICEScontact usGALLERY": words run together by the markup are split at case changes.
  const words = (text.replace(LOANS, ' ').match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})/gu) ?? []).map((w) => w.toLowerCase());
  const hits = Object.entries(NAVIGATION)
    .map(([lang, list]) => [lang, words.filter((w) => list.has(w)).length] as const)
    .sort((a, b) => b[1] - a[1]);
  return hits[0][1] >= 3 && hits[0][1] >= 2 * hits[1][1] ? hits[0][0] : undefined;
}

/**
 * The language of a text. `spoken`: the languages of the business's country, when known
 * (countryLanguages): franc's guess at a short text without a lang attribute counts
 * only when it is one of them; otherwise the navigation words decide, else the country's one
 * language, else it is unknown.
 */
export function detectLanguage(text: string, htmlLang?: string, spoken?: readonly string[]): string | undefined {
  const declared = declaredLanguage(htmlLang);
  const sample = text.replace(/\s+/g, ' ').slice(0, SAMPLE);
  if (declared && sample.length < SHORT_TEXT) return sample.length < MIN_TEXT ? declared : (shortTextLanguage(sample) ?? declared);
  if (!declared && sample.length < SHORT_TEXT && spoken) {
    const navigation = shortTextLanguage(sample);
    if (navigation) return navigation;
    const guess = sample.length < MIN_TEXT ? undefined : francLanguage(sample, undefined);
    if (guess && spoken.includes(guess)) return guess;
    return spoken.length === 1 ? spoken[0] : undefined;
  }
  if (sample.length < MIN_TEXT) return declared ?? shortTextLanguage(sample);
  return francLanguage(sample, declared);
}

/** franc's reading of a text long enough for it; the declared language when franc ranks it a near-tie with its first. */
function francLanguage(sample: string, declared: string | undefined): string | undefined {
  const ranked = francAll(sample, { minLength: 20 })
    .filter(([code]) => code !== 'und')
    .map(([code, score]) => [ISO1[code] ?? code, score] as const);
  if (ranked.length === 0) return declared;
  if (declared && ranked.some(([code, score]) => code === declared && score >= CONSISTENT)) return declared;
  return ranked[0][0];
}
