// The claim checker: the one rule every draft passes, whoever wrote it (the heuristic writer,
// Gemini, an operator's edit). A sentence that talks about the site may only say what one of
// the lead's findings says, and every number printed must be the value the analyser measured.
// Topics are recognised by their words in the eight languages the offline writer writes; a
// sentence that touches a topic with no finding behind it is an unsupported claim, and so is
// one that says the whole site lacks something the crawl did not read enough of to know.
import type { Finding, FindingId, ReadPage } from '../model/analysis.ts';
import { escapeRegExp } from '../regexp.ts';

type Topic = {
  name: string;
  findings: FindingId[];
  words: RegExp;
  /**
   * Findings that back this topic only where the sentence, or one before it in its paragraph, also
   * speaks of the named topic ("your contact form is on a Not secure page", never "you have no contact form").
   */
  onlyWith?: Partial<Record<FindingId, string>>;
};

export const TOPICS: Topic[] = [
  {
    name: 'a broken site',
    // An error message where the home page's content should be is the home page failing too,
    // said as that message: never "your site is down".
    findings: ['site_broken', 'error_message'],
    onlyWith: { error_message: 'an error message on the home page' },
    words: /\b(error page|server error|not found|(?:is|was|went) down|(?:does ?n[o']t|won'?t|did ?n[o']t) load|parked|for sale|p[aá]gina de error|no carga|erreur|introuvable|ne s'affiche|ne charge|Fehlerseite|nicht erreichbar|nicht gefunden|l[äa]dt nicht|p[áa]gina de erro|n[ãa]o carrega|fora do ar|pagina di errore|non si (?:carica|apre)|foutpagina|laadt niet|laadde (?:de website |hij |het )?niet|niet bereikbaar|stron[aęy] (?:z )?błęd|(?:się )?nie (?:ładuje|otwiera|wczytuje)(?: się)?)/i,
  },
  {
    name: 'security (https)',
    findings: ['no_ssl', 'form_not_secure', 'certificate_expired', 'certificate_expiring'],
    words: /\b(ssl|https?\b|not secure|insecure|secure connection|certificate|no seguro|conexi[oó]n segura|certificado|non s[ée]curis|s[ée]curis|certificat|nicht sicher|unsicher|Zertifikat|verschl[üu]ssel|n[ãa]o (?:é )?segur|conex[ãa]o segura|non (?:è )?sicur|connessione sicura|certificato|niet veilig|niet beveiligd|onveilig|beveiligde verbinding|certificaat|niezabezpieczon|niebezpieczn|bezpieczne(?:go)? połączeni|certyfikat|szyfrowan)/i,
  },
  {
    name: 'phones and mobile layout',
    findings: ['no_viewport', 'slow_mobile', 'layout_shift', 'heavy_page', 'low_performance'],
    words: /(\bmobile|smartphone|\bon (?:their |a |your )?(?:phones?|cell)|viewport|responsive|pinch|zoom|\bm[oó]vil|celular|\bportable|\bHandy|\bmobil|\bm[oó]ve(?:l|is)\b|telem[oó]ve|smartfon|\bkom[oó]rk|\bmobiel|telefonin[oi]|\bop (?:hun|je|uw|een|de) telefoon|\bna telefon(?:ie|ach))/i,
  },
  {
    name: 'analytics',
    findings: ['no_analytics'],
    words: /(analytics|tracking|visitor (?:stats|statistics|numbers)|how many (?:people )?visit|anal[ií]tica|estad[ií]sticas|analytique|statistiques|mesure d'audience|Besucherstatistik|Statistik|Tracking|Webanalyse|Analyse-?Tool|estat[ií]stica|statistich|statistieken|statystyk|analityk|quant(?:e|as) (?:persone|pessoas) (?:o |lo |la )?visit|hoeveel (?:mensen|bezoekers)|ile os[óo]b)/i,
  },
  {
    name: 'online booking',
    findings: ['no_booking'],
    words: /(\bbook(?:ing|ed|s)?\b|appointment|schedul|reserv|\bcitas?\b|agendar|r[ée]serv|rendez-vous|\bbuchen|Buchung|\bTermin|\bagend|marca[çc][ãa]o|marcar (?:um |uma )?(?:hor|consulta)|prenot|appuntament|afspra(?:ak|ken)|\bboeken|inplannen|rezerw|\bwizyt)/i,
  },
  {
    name: 'a contact form',
    // A form on a "Not secure" page is the one thing said of a form the site has.
    findings: ['no_contact_form', 'form_not_secure'],
    onlyWith: { form_not_secure: 'security (https)' },
    words: /(\bforms?\b|formulario|formulaire|Kontaktformular|Formular|formul[áa]rio|\bmodul[oi]\b|formulier)/i,
  },
  {
    name: 'accessibility',
    findings: ['images_missing_alt', 'missing_lang', 'empty_links'],
    words: /(accessib|screen[- ]?reader|alt[- ]text|accesib|lector(?:es)? de pantalla|texto alternativ|lecteur d'[ée]cran|texte alternatif|barrierefrei|Barrierefreiheit|Screenreader|Alternativtext|Bildbeschreibung|acessib|leitor(?:es)? de (?:ecr[ãa]|tela)|lettor[ei] di schermo|testo alternativo|toegankelijk|schermlezer|alt-?tekst|alternatieve tekst|dostępnoś|czytnik\w* ekranu|tekst\w* alternatywn)/i,
  },
  {
    name: 'images',
    findings: ['unoptimized_images', 'images_missing_alt', 'broken_images'],
    words: /(\bimages?\b|\bphotos?\b|pictures?|im[aá]gen(?:es)?|\bfotos?\b|\bBild(?:er)?\b|\bimage[mn]s?\b|immagin|afbeelding|zdję[cć]|\bobraz|\bgrafik)/i,
  },
  {
    name: 'speed',
    findings: ['slow_home', 'slow_mobile', 'low_performance', 'heavy_page'],
    words: /(\bslow|\bspeed|\bloads? (?:slowly|quickly|fast)|loading time|\bseconds?\b|\blent(?:e|eur)?\b|vitesse|\blento|velocidad|segundos|secondes|langsam|Ladezeit|Geschwindigkeit|Sekunden|\blent[oa]s?\b|velocidade|\bdemor(?:a|am|ou)\b|velocit[àa]|\bsecondi\b|\btraag|\blangzaam|snelheid|seconden|laadtijd|powol|prędkoś|szybkoś|sekund|długo (?:się )?(?:ładow|ładuj|wczytuj|otwier))/i,
  },
  {
    name: 'redirects',
    findings: ['redirect_chain'],
    words: /(redirect|redirig|redirecci|redirection|Weiterleitung|redirecion|reindirizz|doorverwijz|omleiding|przekierow)/i,
  },
  {
    // Only a measured layout shift (CLS) may say the page moves: image sizes missing from the
    // code do not prove it does.
    name: 'the page moving while it loads',
    findings: ['layout_shift'],
    words: /(mov(?:es|ing) around|jumps? around|jumping|shifts?\b|layout shift|tap(?:ping)? the wrong|se d[ée]place|bouge|se mueve|saltos?\b|verschieb|springt|mud(?:a|am|ando) de (?:posi|lugar)|si spost|verspring|przesuwa|przeskakuj)/i,
  },
  {
    // The writers' frame around the message they quote ("shows the message"), never the message itself.
    name: 'an error message on the home page',
    findings: ['error_message'],
    words: /(shows (?:the|an error) message|zeigt .{0,60}(?:die|eine) (?:Fehler)?[Mm]eldung|muestra (?:el|un) mensaje|affiche (?:le|un) message|mostra (?:il|un) messaggio|toont (?:de|een) (?:fout)?melding|mostra (?:a|uma) mensagem|widnieje komunikat)/i,
  },
  {
    name: 'Flash',
    findings: ['flash_content'],
    words: /\b(?:Adobe )?Flash\b/i,
  },
  {
    name: "a template's leftover text",
    findings: ['template_text'],
    // Or the code the server was meant to run, shown as text.
    words: /(template|Vorlage|plantilla|mod[eè]le|modello|sjabloon|szablon|modelo|program code|Programmcode|c[oó]digo de programa(?:ci[oó]n|[cç][aã]o)|code informatique|codice di programmazione|programmacode|kod programu)/i,
  },
  {
    // Two numbers the page gives for one place, said as the digit they differ in.
    name: 'a phone number given two ways',
    findings: ['phone_mismatch'],
    // Singular only: "the figures" of a measurement ("les chiffres", "de cijfers") are no phone number.
    words: /(\bdigit\b|\bZiffer\b|\bchiffre\b|\bd[íi]gito\b|\bcifra\b|\bcijfer\b|jedn[ąa] cyfr)/i,
  },
  {
    // A phone or email link said as the link, in the words the writers use for it.
    name: 'a phone link',
    findings: ['bad_phone_link'],
    words: /(phone link|Telefon-Link|enlace de tel[ée]fono|lien t[ée]l[ée]phonique|link telefonic|telefoonlink|link de telefone)/i,
  },
  {
    name: 'an email link',
    findings: ['bad_email_link'],
    words: /(e-?mail link|E-Mail-Link|enlace de correo|lien e-?mail|link (?:de )?e-?mail|e-?maillink)/i,
  },
  {
    name: "the home page's title",
    findings: ['no_title'],
    words: /(\btitle\b|\bTitel\b|\btitre\b|\bt[íi]tulo\b|\btitolo\b|\btytu[łl])/i,
  },
  {
    name: 'a closed social network',
    findings: ['closed_service'],
    words: /(Google\s?\+|\bOrkut\b|\bNK\b|Nasza[- ]Klasa|social network|soziales Netzwerk|red social|r[ée]seau social|sociaal netwerk|serwis\w* społecznościow|rede social)/i,
  },
  {
    name: 'the copyright year',
    findings: ['stale_copyright'],
    words: /(©|copyright|\bfooter\b|Fu(?:ß|ss?)zeile|pie de p[aá]gina|pied de page|rodap[ée]|pi[eè] di pagina|voettekst|stop(?:k|ce)|praw autorskich)/i,
  },
  {
    // The latest date the home page shows, said as its year ("from 2019").
    name: "the home page's latest date",
    findings: ['stale_dates'],
    words: /(most recent date|latest date|j[üu]ngste Datum|neueste Datum|date la plus r[ée]cente|fecha m[áa]s reciente|data pi[ùu] recente|meest recente datum|najnowsza data|data mais recente)/i,
  },
  {
    name: 'a notice from the pandemic',
    findings: ['pandemic_notice'],
    words: /(pandemi|pand[ée]mie|coronatijd|\bcovid)/i,
  },
  {
    name: 'where the site comes up in a search',
    findings: ['search_position'],
    words: /(came up (?:only )?(?:at number|below)|\bpuesto\b|apareci[oó] por debajo|\bposition\b|appar(?:u|a[iî]t) derri[eè]re|auf Platz|erschien .{0,60}hinter|na posi[çc][ãa]o \d|abaixo dos concorrentes|alla posizione \d|dietro ai concorrenti|op plaats \d|onder de concurrenten|na \d+\. miejscu|za konkurencj)/i,
  },
  {
    name: 'page weight',
    findings: ['heavy_page'],
    words: /(\bMB\b|megabytes?|\d\s?Mo\b|m[ée]gaoctets?|Megabyte)/i,
  },
  {
    name: 'broken links',
    findings: ['broken_links'],
    words: /(broken links?|dead links?|enlaces? rotos?|liens? (?:cass[ée]s?|morts?|bris[ée]s?)|defekte[nr]? Links?|tote[nr]? Links?|\b404\b|links? quebrados?|link (?:rott|interrott|non funzionant)|kapotte links?|dode links?|niedziałając\w* link|martw\w* link)/i,
  },
  {
    name: 'selling online',
    findings: ['no_ecommerce'],
    words: /(online (?:shop|store)|sell(?:ing)? online|buy online|e-?commerce|checkout|tienda (?:en l[ií]nea|online)|vender en l[ií]nea|comprar en l[ií]nea|boutique en ligne|vendre en ligne|acheter en ligne|Onlineshop|Online-Shop|online (?:verkaufen|kaufen)|loja (?:online|virtual)|(?:comprar|vender) online|negozio online|(?:vendere|acquistare|comprare) online|webshop|webwinkel|online (?:kopen|bestellen|verkopen)|sklep\w* internetow|zakup\w* online|(?:kupi[ćc]|kupowa[ćc]|sprzedawa[ćc]|zam[óo]wi[ćc]) (?:online|przez internet))/i,
  },
];

/**
 * A claim that the whole site lacks something needs the crawl to have read the pages that would
 * show the opposite; the finding lists the pages it was looked for on. A finding without that
 * list (an analysis from before it was kept) cannot carry the claim.
 */
const SITE_WIDE: Partial<Record<FindingId, { needs: string; read: (pages: ReadPage[]) => boolean }>> = {
  no_contact_form: { needs: 'its contact page', read: (pages) => pages.some((p) => p.kind === 'contact') },
  no_booking: { needs: 'its home page and its contact or services page', read: (pages) => pages.some((p) => p.kind === 'home') && pages.some((p) => p.kind === 'contact' || p.kind === 'services') },
  no_ecommerce: { needs: 'its home page and at least one more page', read: (pages) => pages.some((p) => p.kind === 'home') && pages.length > 1 },
  // The analyser looks on every page it read: the list says which.
  no_analytics: { needs: 'the pages it was looked for on', read: (pages) => pages.length > 0 },
};

/** Why this finding cannot be stated as a claim about the whole site, or null when it can (or is no such claim). */
export function unreadScope(finding: Finding): string | null {
  const rule = SITE_WIDE[finding.id];
  if (!rule || rule.read(finding.pages ?? [])) return null;
  return `the crawl did not read ${rule.needs}, so it cannot say the whole site has none`;
}

export type ClaimProblemKind = 'unsupported_claim' | 'unmeasured_number' | 'unknown_citation';

export interface ClaimProblem {
  kind: ClaimProblemKind;
  /** The sentence (or the subject) that says it. */
  sentence: string;
  reason: string;
}

export interface ClaimCheck {
  ok: boolean;
  problems: ClaimProblem[];
  /** The findings the text states, each backed by the analysis. */
  stated: FindingId[];
  /** The page's own words the findings quote (an error message): masked like names, never read as claims. */
  quoted?: string[];
}

export interface ClaimContext {
  /** Names and the address may contain digits and topic words ("Studio 54", "Mobile Pet Spa"). */
  companyName?: string;
  contactName?: string | null;
  url?: string;
  /** The sender's signature is theirs, not a statement about the site. */
  signature?: string;
}

interface Draft {
  subject: string;
  body: string;
  cited_findings?: FindingId[];
}

const NUMBER = /\d+(?:[.,]\d+)?/g;

/** The text with the names, the site's address and the signature blanked out, and typographic apostrophes made plain. */
function masked(text: string, ctx: ClaimContext, quoted: string[] = []): string {
  // An address is not a claim (the report page's digits are no measurement).
  let out = text.replace(/[’‘]/g, "'").replace(/\bhttps?:\/\/\S+/g, 'LINK');
  const signature = ctx.signature?.trim();
  if (signature && out.trimEnd().endsWith(signature)) out = out.trimEnd().slice(0, -signature.length);
  let host = '';
  try {
    host = ctx.url ? new URL(ctx.url).hostname.replace(/^www\./, '') : '';
  } catch {
    // no address to mask
  }
  for (const name of [ctx.companyName, ctx.contactName ?? undefined, host, ctx.url].filter((n): n is string => Boolean(n && n.trim().length > 1))) {
    out = out.replace(new RegExp(escapeRegExp(name.trim()), 'gi'), 'NAME');
  }
  // Words quoted from the page ("Error 404: page not found") say what the page says, not what the
  // email claims; only inside quotation marks, where the draft shows them as the page's ("Book now"
  // said as a sentence of the email's own is a claim like any other).
  for (const quote of quoted) {
    const words = escapeRegExp(quote.trim().replace(/[’‘]/g, "'"));
    out = out.replace(new RegExp(`([“"„«‹'‘‚]\\s?)${words}(?=\\s?[”"“»›'’‘])`, 'gi'), '$1QUOTE');
  }
  return out;
}

/** Lines, and sentences within lines. Abbreviations ("Co.", "Dr.") are masked names or lower-case next words, so a split needs a capital after the stop. */
export function sentences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[¿¡"“(]?[\p{Lu}\d])/u))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The numbers a sentence prints, decimal commas read as points ("7,9" is 7.9). */
export function numbersIn(sentence: string): number[] {
  return [...sentence.matchAll(NUMBER)].map((m) => Number(m[0].replace(',', '.')));
}

/** The browser's own warning, which every writer may quote ("Not secure" as Chrome words it in each language). */
const BROWSER_WARNING = /^(?:Not secure|Niezabezpieczona|Nicht sicher|Non s[ée]curis[ée]|No es seguro|No seguro|Non sicuro|Niet veilig|Niet beveiligd|N[ãa]o (?:é )?seguro)$/i;
const QUOTED = /[“"„«‹]\s?([^“”"„«»‹›\n]{1,200}?)\s?[”"“»›]/g;

/**
 * Words an email puts in quotation marks say the page shows them: only the page's words a finding
 * quotes (masked by now), the business's name and the browser's warning may be quoted.
 */
function quotesUnread(sentence: string, problems: ClaimProblem[]): void {
  for (const m of sentence.matchAll(QUOTED)) {
    const words = m[1].trim();
    if (words === 'QUOTE' || words === 'NAME' || BROWSER_WARNING.test(words) || !/\p{L}{2,}/u.test(words)) continue;
    problems.push({ kind: 'unsupported_claim', sentence, reason: `quotes "${words}" as the page's words, but no finding read them on the page` });
  }
}

/** Checks one sentence; `before` holds the topics of the sentences before it in its paragraph, and gains this one's. */
function checkSentence(sentence: string, findings: Map<FindingId, Finding>, unread: Map<FindingId, string>, cited: Set<FindingId>, problems: ClaimProblem[], stated: Set<FindingId>, before: Set<string> = new Set()): void {
  quotesUnread(sentence, problems);
  const topics = TOPICS.filter((t) => t.words.test(sentence));
  for (const t of topics) before.add(t.name);
  const backed: Finding[][] = [];
  for (const topic of topics) {
    const backs = (id: FindingId) => !topic.onlyWith?.[id] || before.has(topic.onlyWith[id]!);
    const found = topic.findings.filter(backs).map((id) => findings.get(id)).filter((f): f is Finding => Boolean(f));
    if (found.length) {
      backed.push(found);
      continue;
    }
    const scope = topic.findings.map((id) => unread.get(id)).find(Boolean);
    problems.push({ kind: 'unsupported_claim', sentence, reason: `talks about ${topic.name}, but ${scope ?? 'the analysis found no such problem'}` });
  }
  const backing = backed.flat();
  const numbers = numbersIn(sentence);
  for (const n of numbers) {
    // A Lighthouse score is said "out of 100": the scale is not a measurement.
    if (n === 100 && backing.some((f) => f.id === 'low_performance')) continue;
    const source = backing.find((f) => f.value !== null && Math.abs(f.value - n) < 1e-9);
    if (source) stated.add(source.id);
    else problems.push({ kind: 'unmeasured_number', sentence, reason: `prints ${n}, which is not a value the analysis measured for what the sentence is about` });
  }
  if (numbers.length || backed.length === 0) return;
  // What the sentence states: the findings all its topics share ("an image without alt text" is
  // both accessibility and images), narrowed to what the writer says it cites.
  const shared = backed.reduce((a, b) => a.filter((f) => b.includes(f)));
  let ids = (shared.length ? shared : backing).map((f) => f.id);
  if (ids.some((id) => cited.has(id))) ids = ids.filter((id) => cited.has(id));
  for (const id of ids) stated.add(id);
}

/** Checks a draft against its lead's findings. */
export function checkClaims(draft: Draft, findings: Finding[], ctx: ClaimContext = {}): ClaimCheck {
  const unread = new Map(findings.flatMap((f) => (unreadScope(f) ? [[f.id, unreadScope(f)!] as const] : [])));
  const byId = new Map(findings.filter((f) => !unread.has(f.id)).map((f) => [f.id, f]));
  const quoted = [...byId.values()].flatMap((f) => [f.quote, ...(f.quotes ?? [])].filter((q): q is string => Boolean(q?.trim())));
  const problems: ClaimProblem[] = [];
  const stated = new Set<FindingId>();
  for (const id of draft.cited_findings ?? []) {
    if (unread.has(id)) problems.push({ kind: 'unknown_citation', sentence: '', reason: `cites "${id}", but ${unread.get(id)}` });
    else if (!byId.has(id)) problems.push({ kind: 'unknown_citation', sentence: '', reason: `cites "${id}", which is not a finding of this lead's analysis` });
  }
  const cited = new Set(draft.cited_findings ?? []);
  checkSentence(masked(draft.subject, ctx, quoted), byId, unread, cited, problems, stated);
  // A paragraph is one line: a sentence may lean on the one before it ("…the form. Type a letter into it…").
  for (const line of masked(draft.body, ctx, quoted).split('\n')) {
    const paragraph = new Set<string>();
    for (const s of sentences(line)) checkSentence(s, byId, unread, cited, problems, stated, paragraph);
  }
  return { ok: problems.length === 0, problems, stated: [...stated], ...(quoted.length && { quoted }) };
}

/**
 * The draft without the body sentences that failed, or undefined when that cannot work (the
 * subject failed, or a citation is wrong). The caller checks the result again.
 */
export function withoutUnsupported<T extends Draft>(draft: T, check: ClaimCheck, ctx: ClaimContext = {}): T | undefined {
  if (check.ok) return draft;
  const quoted = check.quoted ?? [];
  const bad = new Set(check.problems.map((p) => p.sentence));
  if (check.problems.some((p) => p.kind === 'unknown_citation') || bad.has(masked(draft.subject, ctx, quoted))) return undefined;
  const lines = draft.body.split('\n').map((line) => {
    const parts = line.split(/(?<=[.!?])\s+(?=[¿¡"“(]?[\p{Lu}\d])/u);
    return parts.filter((part) => !bad.has(sentences(masked(part, ctx, quoted))[0] ?? '')).join(' ');
  });
  const body = lines
    .filter((line, i) => line.trim() !== '' || (lines[i - 1] ?? '').trim() !== '')
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { ...draft, body };
}
