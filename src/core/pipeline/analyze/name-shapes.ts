// Words and shapes that are never a business's name (hostnames, slogans, generic trade nouns,
// agency credits, placeholders), and the text helpers the name rules share: business-name.ts
// decides the name from a page's witnesses with these; listing.ts and greeting-name.ts use them too.

export const GENERIC = new RegExp(
  '^(?:home|home ?page|homepage|welcome|index|start|main|official (?:web)?site|untitled|contact|contact us|kontakt|contacto|contatti|impressum|imprint|' +
    'about|about us|[uü]ber uns|o nas|o firmie|inicio|accueil|startseite|strona g[łl][óo]wna|g[łl][óo]wna|bienvenid[oa]s?|bienvenue|willkommen|witamy|galerie|gallery|' +
    'galeria|menu|services|our services|leistungen|oferta|offer|blog|news|aktualno[sś]ci|shop|sklep|book online|booking|terminvereinbarung|' +
    'privacy policy|datenschutz|404|not found|page not found|error|strona nie istnieje|seite nicht gefunden|b[łl][aą]d 404.*|error 404.*|logo)$',
  'i',
);
export const NOT_BUSINESS = /^(WebSite|WebPage|BreadcrumbList|ListItem|ImageObject|Article|BlogPosting|Person|SearchAction|SiteNavigationElement|Product|Offer|Review|FAQPage|Question|Answer|Event|Course|Service|Menu|MenuItem|VideoObject|CollectionPage|ItemList|ContactPoint|PostalAddress|Place|GeoCoordinates|OpeningHoursSpecification|AggregateRating|Rating|Thing)$/;

// Trade nouns and the filler around them, in the languages the product meets. A candidate made
// only of these ("Dentists", "Pompy Ciepla", "Dom wakacyjny") names a trade, not a business.
export const TRADE = new Set(
  (
    'dentist dentists dentistry dental dentiste dentistes zahnarzt zahnarztpraxis zahnärzte dentista dentistas stomatolog stomatologia orthodontist ortodoncja ortodoncji ' +
    'plumber plumbers plumbing heating hvac roofer roofers roofing roof electrician electricians electrical contractor contractors builder builders construction ' +
    'cleaning cleaners cleaner services service company companies business salon salons spa spas beauty hair hairdresser hairdressers barber barbers barbershop ' +
    'nails nail lashes lash brows massage massages therapy therapist therapists physiotherapy physiotherapie physio fisioterapia fizjoterapia chiropractor chiropractic ' +
    'psychotherapy psychotherapie psychotherapist clinic clinics klinik klinika clinique practice praxis cabinet gabinet kancelaria lawyer lawyers attorney attorneys law ' +
    'avocat avocats barreau anwalt anwälte rechtsanwalt adwokat adwokacka radca radcy prawny prawnego notary accountant accountants accounting treuhand steuerberater ' +
    'restaurant restaurants restauracja ristorante cafe café cafes coffee bar bars bistro pizzeria pizza pizzas bakery bakeries boulangerie bäckerei piekarnia panaderia ' +
    'brewery brewing winery hotel hotels motel pension apartments noclegi agroturystyka dom domek wakacyjny letniskowy holiday house cottage ' +
    'tattoo tattoos studio studios shop shops store stores sklep serwis garage werkstatt carrosserie autohaus mechanic mechanics tyres tires opony wulkanizacja ' +
    'pompy pompa ciepla ciepła heat pump pumps agencja ochrony security nieruchomosci nieruchomości immobilien real estate realty ' +
    'wypozyczalnia wypożyczalnia kajakow kajaków splywy spływy kajakowe coiffure coiffeur friseur friseure peluqueria peluquería ' +
    'design designs web website websites marketing agency agentur photography photographer photographers florist flowers ' +
    'dentists. plumbers. experts expert specialists specialist professionals professional team ' +
    'florists fleuriste floristeria blumenladen landscaper landscapers landscaping paysagiste jardineria yoga yogastudio fotografia fotostudio ' +
    'restaurante abogados contadores comptable steuerberatung plomeria plomberie sanitartechnik electricidad electricite elektrotechnik ' +
    'techos toitures dachdeckerei veterinaria veterinaire tierarztpraxis autowerkstatt friseursalon climatizacion climatisation heizung klima ' +
    'implants meble mebli meblowe kuchenne kuchnie wymiar zamowienie kamienie kruszywa fryzjer fryzjerski fryzjerska fryzjerstwo fryzjersko ' +
    'kosmetyczny kosmetyczna kosmetyczne kosmetyka cosmetic cosmetics kosmetik kosmetikstudio uslugi transportowe transport ' +
    'property tutoring tutor fotografie atelier sartoria sartoriale ergotherapie ergotherapeut ergothérapie ergoterapia inspection inspections ' +
    'bed breakfast guesthouse pranie dywanow dywanów wykladzin wykładzin tapicerki sprzatanie sprzątanie czyszczenie ' +
    'plaatsbeschrijving plaatsbeschrijvingen syndicus vastgoed vastgoedexpert fysiotherapie kinesitherapie tandarts tandartspraktijk ' +
    'nutrition micronutrition nutritionniste nutritionist dieteticienne diététicienne dietitian naturopathe kapper kapsalon osteopathie logopedie chaveiro chaveiros'
  ).split(/\s+/),
);
export const FILLER = new Set(
  ('the a an and & of for in near at on your our my best top quality local affordable trusted professional family friendly leading premier expert experts ' +
    'und der die das für im in bei von fur w we i oraz dla na z et de la le les des du à au aux pour en y el los las para del con da di il').split(' '),
);
// A trade in a place: "Plumber in Denver", "Zahnarzt in Bern", "Dentysta w Krakowie".
const PLACE_WORDS = new Set(['in', 'near', 'for', 'w', 'we', 'im', 'à', 'a', 'en', 'serving']);
export const TRADE_IN_PLACE = /^(?:[\p{L}'’-]+\s+){0,3}(?:in|near|for|w|we|im|à|a|en|serving)\s+\p{Lu}/u;
// What a slogan says and a name does not. Spanish "tu" (your), not Polish "Tu i Teraz" (here and now).
export const SLOGAN_WORDS =
  /\b(?:we|our|ours|you|your|yours|us|since|welcome|making|helping|happen|surrounding|alrededores|environs|umgebung|desde|depuis|seit|wir|unser|unsere|ihr|ihre|nous|notre|nos|votre|vos|nasz|nasza|nasze|twój|twoja|pomagamy|zapraszamy|nuestro|nuestra|su|tu(?!\s+i\b))\b/i;
// A web agency's credit, cut from a copyright line and never a name.
export const CREDIT = /(?:website|web ?site|web ?design|webdesign|branding|designed|design by|developed|development|powered|created|built|hosted|realizacja|projekt i wykonanie|wykonanie|oprogramowanie|r[ée]alisation|conception|erstellt|umsetzung|gestaltung|dise[ñn]o)\b|\bby\s+\p{Lu}/iu;
// A call to action or an invitation starts with a verb ("Schedule an appointment now", "Odkryj piękno...").
export const IMPERATIVE =
  /^(?:schedule|book|call|get|order|buy|make|find|discover|contact|request|see|visit|shop|explore|learn|join|try|start|meet|let's|enjoy|experience|click|read|view|check|odkryj|poznaj|sprawd[zź]|zobacz|zadzwo[nń]|um[oó]w|zapraszamy|zam[oó]w|entdecken|entdecke|buchen|rufen|kontaktieren|besuchen|d[ée]couvrez|r[ée]servez|appelez|contactez|descubre|reserva|llama|llámanos|scopri|prenota|chiama)\b/i;
export const LEGAL = /(?:,?\s+(?:(?:gmbh|ag)\s*&\s*co\.?(?:\s*kg)?|gmbh|ag|sa|s\.l\.|sl|sas|sàrl|sarl|s\.?a\.?r\.?l\.?|ltd\.?|limited|llc|inc\.?|corp\.?|co\.?|pvt\.?(?:\s+ltd\.?)?|pty\.?(?:\s+ltd\.?)?|plc|s\.?c\.?|sp\.?\s*z\s*o\.?\s*o\.?|sp\.?\s*j\.?|kg|ohg|e\.?k\.?|bv|b\.v\.|nv|srl|s\.r\.l\.|spa|s\.p\.a\.))+\.?$/i;
export const TLD = /[.,]\s?(?:com|net|org|info|biz|pl|de|fr|es|it|ch|at|nl|be|uk|co\.uk|com\.pl|com\.au|com\.tr|ca|us|eu|io|tr)$/i;
export const HOSTNAME = /^(?:https?:\/\/)?(?:www\.)?[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[a-z]{2,}(?:\/\S*)?$/iu;
export const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l');
export const squash = (s: string) => fold(s).replace(/[^a-z0-9]/g, '');
export const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s|·•»:,;–—\-"'“”„«»/\\*]+|[\s|·•»:,;–—\-"'“”„«»/\\*]+$/g, '')
    .replace(/^(?:the\s+)+(?=the\s)/i, '')
    .trim();
export const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);

/** A name's identity for agreement: no case, accents, legal form, leading article or punctuation. */
export function nameKey(s: string): string {
  return squash(tidy(s).replace(LEGAL, '').replace(/^the\s+/i, ''));
}

/** True for a bare hostname or URL ("kajakersi.pl", "www.x.com/contact"). */
export const isHostname = (s: string) => HOSTNAME.test(s.trim()) && !/\s/.test(s.trim());

/** True when every word is a trade noun or filler ("Dentists", "Pompy Ciepla"), or it is a trade in a place ("Plumber in Denver"). */
export function isGenericNoun(s: string): boolean {
  const words = wordsOf(fold(tidy(s)).replace(/[^\p{L}0-9&'’ -]/gu, ' '));
  if (words.length === 0) return true;
  if (words.every((w) => TRADE.has(w) || FILLER.has(w))) return true;
  // "Plumber in Denver", "Quality plumbers for Denver": the first word that is not filler is a trade.
  // "Yoga Studios in Tulsa", "Fotografía en Phoenix": a trade word before the place.
  const before = words.slice(0, Math.max(1, words.findIndex((w, i) => i > 0 && PLACE_WORDS.has(w))));
  return before.some((w) => TRADE.has(w)) && TRADE_IN_PLACE.test(tidy(s));
}

/** True for a slogan or tagline rather than a name: a sentence, a claim, a call to action. */
export function isSlogan(s: string): boolean {
  const t = tidy(s);
  const n = wordsOf(t).length;
  if (/[!?]/.test(t) || n > 8) return true;
  if (IMPERATIVE.test(t)) return true;
  if (SLOGAN_WORDS.test(t) && n >= 2) return true;
  // A sentence, capitalised only where it starts and in acronyms ("Healthy smiles start here", "Salem's friendly neighborhood HVAC contractor").
  const rest = wordsOf(t).slice(1);
  if (n >= 3 && /^\p{Lu}/u.test(t) && !t.includes('&') && rest.every((w) => /^\p{Ll}/u.test(w) || /^\p{Lu}{2,5}$/u.test(w)) && rest.some((w) => /^\p{Ll}/u.test(w) && !FILLER.has(w))) return true;
  // Several words, all lower case and not a brand: a phrase ("pomagamy od 12 lat").
  return n >= 3 && t === t.toLowerCase() && !/[&]/.test(t) && /\b(?:od|since|seit|depuis|desde|for|with|and)\b/.test(t);
}

/** Why a candidate can never be a name, or undefined when it can. */
export function notAName(s: string | undefined): string | undefined {
  const t = tidy(s ?? '');
  if (t.length < 2 || t.length > 60 || !/\p{L}/u.test(t)) return 'empty or too long';
  if (isHostname(t) || /@|https?:|\bwww\./i.test(t)) return 'a hostname';
  // "fryzjer-rumia": a domain's words joined as the address joins them, not as a business writes its name.
  if (/^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(t)) return 'a hostname';
  if (/^(?:dds|dmd|md|do|dvm|phd|cpa|esq|rn|dr|mr|mrs|ms)\.?$/i.test(t)) return 'a title or credential';
  if (wordsOf(t).length > 1 && wordsOf(t).some((w) => /^[\p{L}0-9-]+\.(?:com|net|org|pl|de|fr|es|it|ch|at|nl|uk|eu|io)\b/iu.test(w))) return 'a phrase around a hostname';
  if (/^(?:©|\(c\)|copyright\b)|all rights reserved|alle rechte|wszelkie prawa|tous droits|todos los derechos|tutti i diritti/i.test(t)) return 'a copyright line';
  if (CREDIT.test(t) && /\b(?:by|von|par|por|przez)\b|realizacja|wykonanie|powered/i.test(t)) return "a web agency's credit";
  if (GENERIC.test(t)) return 'a page title';
  if (isGenericNoun(t)) return 'a generic trade noun';
  if (isSlogan(t)) return 'a slogan';
  return undefined;
}
export const usable = (s: string | undefined): s is string => notAName(s) === undefined;

export const LEGAL_CASE: Record<string, string> = { gmbh: 'GmbH', ag: 'AG', sa: 'SA', llc: 'LLC', ltd: 'Ltd', inc: 'Inc', sarl: 'SARL', kg: 'KG' };
/** "ESPACE THÉRAPIE" → "Espace Thérapie", "the hive organic salon" → "The Hive Organic Salon", "kajakersi.pl" → "Kajakersi"; mixed case is kept as written. */
export function asWritten(s: string, deliberate = false): string {
  // "Fryzjersko -Kosmetyczny": a hyphen that joins two words joins them without a space.
  const bare = tidy(s).replace(TLD, '').replace(/(\p{L})\s+-(?=\p{L})/gu, '$1-');
  // One word is a brand, written as the brand writes it ("BE-BIKE", "med&motion").
  if (!/\s/.test(bare)) return bare;
  const core = bare.replace(LEGAL, '');
  const shouting = core === core.toUpperCase() && /\p{Lu}{4}/u.test(core);
  const flat = bare === bare.toLowerCase();
  // A name the page writes in lower case more than once is its style ("ms bauleitungen gmbh").
  // "kamienie Zywiec": a name starts with a capital when its other words have one.
  if (!shouting && !flat) return /^\p{Ll}+\s/u.test(core) && /\s\p{Lu}/u.test(core) ? bare.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : bare;
  if (flat && deliberate) return bare;
  return bare
    .split(/([\s&/-]+)/)
    .map((piece) => {
      if (/^[\s&/-]*$/.test(piece)) return piece;
      // Short capitals are initials ("ABN", "A&C"), kept as written when shouting.
      if (shouting && piece.length <= 3 && !FILLER.has(piece.toLowerCase())) return piece;
      const lower = piece.toLowerCase();
      return LEGAL_CASE[lower] ?? lower.replace(/^\p{L}/u, (c) => c.toUpperCase());
    })
    .join('');
}

// Words that finish a business's name after the part that spells the domain ("Vertigo Coffee" Roasters).
export const NAME_ENDS = /^(?:&|and|services?|roasters?|centre|center|clinic|salon|spa|studio|house|bar|grill|caf[eé]|restaurant|bakery|shop|store|co\.?|company|inc\.?|llc|ltd\.?|ag|gmbh|group|tattoo|dental|care|day|tap|pizza|kitchen|media|design|law|partners)$/i;
// Words that start a business's name before the part that spells the domain ("Studio" BioKosmetyka, "Gabinet Ortodoncji ..." Loster).
export const NAME_HEADS = /^(?:studio|gabinet|kancelaria|praxis|cabinet|clinique|klinika|salon|atelier|biuro|centrum|zak[łl]ad|restauracja|pizzeria|hotel|pension|cafe|caf[eé]|boulangerie|coiffure|coiffeur|garage|dom|the)$/i;

/** The label that names the business in the host: "pateldentalcare" in www.pateldentalcare.com, "almar" in almar.partneropony.pl. */
export function hostLabel(url: string): string {
  try {
    const project = projectOf(url);
    if (project) return squash(project);
    const parts = new URL(url).hostname.replace(/^www\./, '').split('.');
    return squash(parts.length > 2 && parts[parts.length - 2].length <= 3 ? parts[parts.length - 3] : parts[0]);
  } catch {
    return '';
  }
}

/**
 * A GitHub or GitLab Pages project site ("wslovvik.github.io/kaliprzeprowadzki/"): the repository's
 * name is the site's own, as a domain is, and the user's name before it is often its web maker's.
 */
export function projectOf(url: string): string | undefined {
  try {
    const { hostname, pathname } = new URL(url);
    const project = /\.(?:github|gitlab)\.io$/i.test(hostname) ? pathname.split('/').filter(Boolean)[0] : undefined;
    return project && !/\.\w+$/.test(project) ? decodeURIComponent(project) : undefined;
  } catch {
    return undefined;
  }
}

export const SEPARATORS = /\s+[|·•»:~–—-]\s+|\s*(?:\||::|–|—|»)\s*|,\s+/;
// "OSK Niepołomice- o nas": a hyphen that hangs on its word and is followed by a space parts it too;
// "MDC-Your CV Plotter Source": so does one between an acronym and the capitalised phrase after it.
// "Word- tagline" splits, but not a compound whose shared end is left out ("Sport- en Wellness Massage", "Haar- und Kosmetikstudio").
const PHRASE_SEPARATORS = /\s+[|·•»:~–—-]\s+|\s*(?:\||::|–|—|»)\s*|(?<=\p{L})-\s+(?!(?:en|und|oder|and|or|et|ou|lub|oraz|y)\s)|(?<=(?:^|\s)\p{Lu}{2,5})-(?=\p{Lu}\p{Ll})/u;
// A sentence's start: a capital, lower-case words only, then a comma and a lower-case word ("Honest work, fair prices").
const SENTENCE = /^\p{Lu}[^\s,]*(?:\s+[^\p{Lu}\s,][^\s,]*)*,\s+\p{Ll}/u;
/** The parts of a title or heading, as SEPARATORS part them, except that the commas of a sentence ("Honest work, fair prices, done right") part nothing. */
/** A firm of partners' names, "Simonds, Winslow, Willis & Abbott": its commas are the name's own. */
const PARTNERS = /^\p{Lu}[\p{L}'’-]+(?:,\s+\p{Lu}[\p{L}'’-]+)+,?\s+(?:&|and|und|et|y|e|i)\s+\p{Lu}[\p{L}'’-]+/u;
const commaParts = (seg: string): string[] => {
  const firm = PARTNERS.exec(seg.trim())?.[0];
  return firm ? [firm, ...seg.trim().slice(firm.length).split(/,\s+/).filter((p) => p.trim())] : seg.split(/,\s+/);
};
export const splitParts = (text: string): string[] => text.split(PHRASE_SEPARATORS).flatMap((seg) => (SENTENCE.test(seg.trim()) ? [seg] : commaParts(seg)));
/** Title parts: "Home | Smith Plumbing – Austin's plumber" → ["Smith Plumbing", "Austin's plumber"]. */
export function titleParts(title: string): string[] {
  return splitParts(title)
    .map((p) => tidy(p.replace(/^(welcome to|bienvenid[oa]s? a|bienvenue (à|chez)|willkommen (bei|im))\s+/i, '')))
    .filter(usable);
}

/**
 * The words of `text` that together spell the domain's label, as written, with the words that
 * finish such a name after them ("CAP's Pizza" & Tap House) and a word that starts one before them
 * ("Studio" BioKosmetyka); undefined when none spell it.
 */
export function domainRun(text: string, label: string): string | undefined {
  if (label.length < 3) return undefined;
  for (const part of text.split(SEPARATORS)) {
    // Social handles (@name, #name) are not how a business writes its name.
    const words = part.split(/[\s;()]+/).filter((w) => w && !/^[@#]/.test(w));
    for (let i = 0; i < words.length; i++) {
      let joined = '';
      for (let j = i; j < words.length && j < i + 6; j++) {
        // A word that is the domain itself ("kajakersi.pl") spells it too.
        joined += squash(words[j].replace(TLD, ''));
        if (joined === label) {
          const rest = words.slice(j + 1);
          const ends = rest.length <= 3 && rest.length > 0 && rest.every((w) => NAME_ENDS.test(w) || /^\p{Lu}/u.test(w)) && NAME_ENDS.test(rest[0]) ? rest : [];
          // A name's head word before the run: the whole short line from it ("Gabinet Ortodoncji Prof. dr hab. Bartlomiej W. Loster").
          const head = words.slice(0, i).findIndex((w) => NAME_HEADS.test(w));
          const start = head >= 0 && i - head <= 7 && words.slice(head, i).every((w) => /^(?:\p{Lu}|dr\b|hab\b|n\.|med\b|d'|de\b|du\b|la\b)/u.test(w) || NAME_HEADS.test(w)) ? head : i;
          return tidy([...words.slice(start, j + 1), ...ends].join(' ').replace(/(?<!\b(?:Co|Inc|Ltd|Corp|Bros|Jr|Sr))[.,]+$/i, ''));
        }
        if (!label.startsWith(joined)) break;
      }
    }
  }
  return undefined;
}

/**
 * How well a name matches the domain: 2 when its initials start the label ("Esseiva Tornare
 * Python" on etp-avocats.ch), 1 when most of its longer words are in the label, else 0.
 */
export function namesDomain(name: string, label: string): number {
  const capitals = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  if (capitals.length >= 3 && label.startsWith(squash(capitals.slice(0, 3).map((w) => w[0]).join('')))) return 2;
  const words = fold(name).split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
  return label.length > 0 && words.length > 0 && words.filter((w) => label.includes(w)).length >= Math.ceil(words.length / 2) ? 1 : 0;
}
