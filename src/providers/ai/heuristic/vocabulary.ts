// Keyword lists of the offline analyser. They are deliberately plain data so that a wrong
// classification is fixed by editing a list, not code. English first, with the commonest
// words of the other languages the offline writer writes (Spanish, French, German, Portuguese,
// Italian, Dutch, Polish) so non-English sites are not all "Other".

export interface IndustryRule {
  industry: string;
  /** A noun phrase for the summary: "Bright Smile is a dental practice in Austin". */
  noun: string;
  /** What such businesses mostly sell: a tie-breaker for the business category. */
  kind: 'service' | 'product';
  words: RegExp;
}

export const INDUSTRIES: IndustryRule[] = [
  { industry: 'Dental', noun: 'dental practice', kind: 'service', words: /\b(dent(al|ist|ists|istry)|orthodont\w*|dentista|zahnarzt\w*|zahnmedizin\w*|kieferorthop\w*|odontolog\w*|odontoiatr\w*|tandarts\w*|dentyst\w*|stomatolog\w*)\b/gi },
  { industry: 'Plumbing', noun: 'plumbing business', kind: 'service', words: /\b(plumb(er|ers|ing)|drain cleaning|fontaner\w*|plombier|canalizador\w*|encanador\w*|idraulic\w*|loodgieter\w*|hydraulik\w*)\b/gi },
  { industry: 'HVAC', noun: 'heating and cooling company', kind: 'service', words: /\b(hvac|heating and cooling|air condition\w*|furnace)\b/gi },
  { industry: 'Electrical', noun: 'electrical contractor', kind: 'service', words: /\b(electricians?|electrical (contractor|services?|repairs?)|elektriker|eletricist\w*|elettricist\w*|elektricien\w*|elektryk\w*)\b/gi },
  { industry: 'Roofing', noun: 'roofing company', kind: 'service', words: /\b(roof(ing|er|ers)|gutters?)\b/gi },
  { industry: 'Landscaping', noun: 'landscaping business', kind: 'service', words: /\b(landscap\w+|lawn care|gardening|tree service)\b/gi },
  { industry: 'Cleaning', noun: 'cleaning service', kind: 'service', words: /\b(cleaning services?|house cleaning|janitorial|maid service)\b/gi },
  { industry: 'Auto repair', noun: 'auto repair shop', kind: 'service', words: /\b(auto repair|mechanics?|car repair|body shop|oil change|taller mec\w+|oficina mec\w+|officina meccanica|autogarage|autobedrijf|warsztat samochodow\w*|mechanika pojazdowa)\b/gi },
  { industry: 'Restaurant', noun: 'restaurant', kind: 'service', words: /\b(restaurants?|restaurante|cuisine|dining|bistro|pizzeria|reservations?|ristorant\w*|trattoria|osteria|restauracj\w*)\b/gi },
  { industry: 'Bakery & café', noun: 'bakery and café', kind: 'product', words: /\b(bakery|bakeries|caf[eé]|coffee|pastr(y|ies)|panader\w+|boulangerie|b[äa]ckerei|padaria|pastelaria|panetteria|pasticceria|bakkerij|piekarni\w*|cukierni\w*)\b/gi },
  { industry: 'Beauty & wellness', noun: 'beauty and wellness business', kind: 'service', words: /\b(beauty|salons?|hair|barbers?|spa|nails?|brows?|(eye)?lash(es)?|facials?|waxing|manicure|massages?|peluquer\w+|coiffure|friseur|kosmety\w+|kosmetolog\w*|cabeleireir\w*|parrucchier\w*|estetista|kapper\w*|schoonheidssalon|fryzjer\w*)\b/gi },
  // Its people are the children's parents (pitch.ts AUDIENCES), never "customers". Not "nursery" alone: plants grow in one too.
  { industry: 'Childcare', noun: 'nursery', kind: 'service', words: /\b(childcare|(?:day|children's|montessori) nurser(?:y|ies)|nursery schools?|kindergartens?|pre-?schools?|montessori|daycare|kita|kindertagesst\w*|cr[èe]ches?|garderies?|guarder[íi]as?|jard[íi]n infantil|jardim infantil|jardim de inf[âa]ncia|infant[áa]rios?|asilo nido|scuola dell'infanzia|kinderopvang|kinderdagverblijf|peuterspeelzaal|przedszkol\w*|[żz][łl]ob(?:ek|ki|ka))\b/gi },
  { industry: 'Fitness', noun: 'fitness studio', kind: 'service', words: /\b(gym|fitness|yoga|pilates|personal train\w+|sportschool)\b/gi },
  { industry: 'Legal', noun: 'law firm', kind: 'service', words: /\b(law firm|attorneys?|lawyers?|legal services|abogad\w+|avocats?|anwalt\w*|advogad\w*|avvocat\w*|advocaat|advocaten|adwokat\w*|kancelari\w*)\b/gi },
  { industry: 'Accounting', noun: 'accounting firm', kind: 'service', words: /\b(accounting|accountants?|bookkeeping|tax (preparation|returns?)|cpa|contabilidade|commercialist\w*|boekhoud\w*|ksi[eę]gow\w*|biuro rachunkowe)\b/gi },
  { industry: 'Real estate', noun: 'real-estate agency', kind: 'service', words: /\b(real estate|realtors?|realty|homes for sale|inmobiliaria|immobilier|imobili[aá]ri\w*|immobiliar\w*|makelaar\w*|nieruchomo\w*)\b/gi },
  { industry: 'Veterinary', noun: 'veterinary practice', kind: 'service', words: /\b(veterinar\w+|vet clinic|animal hospital|pets?|dierenarts\w*|weterynar\w*)\b/gi },
  // "Healthcare", not "medical": a chiropractor or a physiotherapist read "medical practices" as not theirs.
  { industry: 'Medical', noun: 'healthcare practice', kind: 'service', words: /\b(clinic|physicians?|doctors?|medical|chiropract\w+|physiotherap\w+|\w*fysiotherap\w*|fisioterap\w*|kin[ée]sith[ée]rap\w*|podolog\w*|podiatr\w*|pediatric\w*|clinique|cl[ií]nica|klinik|arztpraxis|[äa]rzt(?:e|in)?|m[ée]decins?|chirurg\w*|ost[ée]opath\w*|osteopat\w*|fizjoterap\w*|rehabilitacj\w*|lekarz\w*|przychodni\w*|\w*kardio\w*|cardiolog\w*|logop[äa]d\w*|logopedi\w*|logoped\w*|\w*psycholo\w*|\w*psychiatr\w*|\w*psychot(?:h[ée]|e)rap\w*|psicolog\w*|psicoterap\w*|psychodiagnost\w*)\b/gi },
  // Where people stay: their people are guests. Not "hotel", "inn" or "apartment" alone: an optician in a hotel,
  // an estate agent letting apartments; a hotel's own name says it (pitch.ts AUDIENCES).
  { industry: 'Lodging', noun: 'place to stay', kind: 'service', words: /\b(guest ?houses?|bed and breakfast|b&b|accommodation|holiday (?:home|cottage|apartment)s?|noclegi|nocleg|pensjonat\w*|agroturystyk\w*|casa rural|casas rurales|alojamiento|hostal|habitaci[oó]n(?:es)?|agriturismo|camere|chambres? d'h[ôo]tes?|g[îi]tes?|ferienwohnung\w*|g[äa]stehaus|gasthof|pousada|vakantiehuis\w*)\b/gi },
  { industry: 'Travel agency', noun: 'travel agency', kind: 'service', words: /\b(travel agenc\w+|agenzia (?:di )?viaggi|viaggi|crocier\w*|cruises?|reiseb[üu]ro\w*|agence de voyages?|agencia de viajes|biuro podr[óo]ży|reisbureau\w*|ag[êe]ncia de viagens?)\b/gi },
  { industry: 'Photography', noun: 'photography studio', kind: 'service', words: /\b(photograph(y|er|ers)|photo studio|wedding photos?|fotograf\w*|fotograaf)\b/gi },
  { industry: 'Florist', noun: 'florist', kind: 'product', words: /\b(florists?|flowers?|flower shop|bouquets?|flores|floristería|fleurs|fleuriste|blumen|floricultura|fiorist\w*|fiori|bloemist\w*|bloemen|kwiaciarni\w*|kwiaty)\b/gi },
  { industry: 'Construction', noun: 'construction company', kind: 'service', words: /\b(construction|general contractor|remodel\w*|renovations?|builders?)\b/gi },
  { industry: 'Retail', noun: 'shop', kind: 'product', words: /\b(boutique|clothing|apparel|jewel(le)?ry|gift shop|furniture store)\b/gi },
  // Not a lead for web work (src/core/drafts/pitch.ts does not pitch it): it sells what we sell.
  {
    industry: 'Web & marketing agency',
    noun: 'web and marketing agency',
    kind: 'service',
    words:
      /\b(web ?design(?:ers?)?|website design|web development|digital marketing|social media (?:marketing|management|optimi[sz]ation)|search engine optimi[sz]ation|seo|google ads|ppc|web publishing|webagentur|werbeagentur|agence (?:web|digitale)|cr[ée]ation de sites?|dise[ñn]o web|marketing digital|pozycjonowani\w*|strony internetowe|tworzenie stron|realizzazione siti|web agency|webbureau|ag[êe]ncia digital)\b/gi,
  },
];

/** Words of selling goods (category Product-Based). */
export const PRODUCT_WORDS = new RegExp(
  '\\b(' +
    [
      'shop|store|buy|cart|checkout|add to (cart|bag)|products?|collections?|order online|in stock|shipping|delivery',
      'tienda|comprar|carrito|productos|panier|acheter|produits|warenkorb|kaufen|produkte|versand',
      'sklep|koszyk|kup|produkty|winkel|winkelwagen|negozio|carrello|prodotti|loja|carrinho|produtos',
    ].join('|') +
    ')\\b',
  'gi',
);

/** Words of selling services or appointments (category Service-Based). */
export const SERVICE_WORDS = new RegExp(
  '\\b(' +
    [
      'services?|book(ing)?|appointments?|consultations?|repairs?|installations?|quotes?|estimates?|treatments?|emergency|licensed|insured',
      'reservations?|dine-in|takeout|catering|classes|sessions?|therapy|rentals?',
      'servicios|citas?|reparaci[oó]n|presupuesto|rendez-vous|devis|dienstleistungen|termine?|reparatur',
      'us[łl]ugi|serwis|rezerwacj[aei]|wizyt[ay]|naprawa|diensten|afspraak|servizi|prenota|servi[cç]os|agendar',
    ].join('|') +
    ')\\b',
  'gi',
);

/** How many keyword hits it takes before we call a business anything but Informational/Other. */
export const CATEGORY_MIN_HITS = 3;

/** Keyword hits it takes to name an industry (one stray word is not enough). */
export const INDUSTRY_MIN_HITS = 2;

/** Service phrases: one or two qualifying words + a service noun ("drain cleaning", "teeth whitening"). */
export const SERVICE_PHRASE =
  /\b((?:[A-Za-zÀ-ÿ&]+ ){1,2}(?:services?|repairs?|installations?|cleaning|maintenance|treatments?|consultations?|design|inspections?|replacement|whitening|implants|haircuts?|colou?ring|catering|removal|care|planning|preparation|photography|lessons|classes|training))\b/gi;

/** Words that may not qualify a service ("our services", "every treatment", "which service"). */
export const PHRASE_STOPWORDS = new Set(
  (
    'a an and all any are as at be best by can contact customer different do during each every excellent expert few for from full genuine get ' +
    'great handle has have high how if in is it its many more most much my new no not of on one or other our own privacy professional ' +
    'quality see select choose some sometimes such team terms than that the their them these they this those to top us very view was ' +
    'we what when which who why will with you your offer offers provide provides providing including affordable reliable friendly local ' +
    'about after before looking completed advanced specialized specialised individualised individualized personalized personalised ' +
    'comprehensive customizable trusted fees payments utilising utilizing fraction obligation same quick fast'
  ).split(' '),
);

/** US state → IANA time zone (the zone of most of the state). */
const ZONES: Record<string, string> = {
  'America/New_York': 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV',
  'America/Chicago': 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI',
  'America/Denver': 'CO ID MT NM UT WY',
  'America/Phoenix': 'AZ',
  'America/Los_Angeles': 'CA NV OR WA',
  'America/Anchorage': 'AK',
  'Pacific/Honolulu': 'HI',
};
export const US_STATE_ZONE: Record<string, string> = Object.fromEntries(
  Object.entries(ZONES).flatMap(([zone, states]) => states.split(' ').map((s) => [s, zone])),
);

/** Site builders whose owners often believe they do not need an agency. */
export const DIY_BUILDERS = /wix|squarespace|weebly|godaddy|jimdo|webflow|site123/i;

/** "since 1998", "established in 1998", "desde 1998", "depuis 1998", "seit 1998" */
export const FOUNDED = /\b(?:since|established(?: in)?|est\.?|founded(?: in)?|desde|depuis|seit|gegr[üu]ndet)\s+(1[89]\d{2}|20\d{2})\b/i;
