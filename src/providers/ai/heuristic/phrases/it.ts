// Italian: "Buongiorno," and the business addressed as voi ("il vostro sito"), the usual register
// of a short note to a small business. The writer never describes themself with an adjective
// (which would need a gender).
import { counted, decimal, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

/** Nouns a name may start with, by gender: "lo Studio Dentistico Gattone", "la Pizzeria Da Mario". */
const MASCULINE = /^(?:studio|ristorante|bar|centro|salone|negozio|laboratorio|panificio|forno|caff[èe]|circolo|poliambulatorio|agriturismo|albergo|hotel|istituto|atelier|gruppo|ufficio|residence|camping|supermercato|spazio|mobilificio|caseificio)$/i;
const FEMININE = /^(?:pizzeria|trattoria|osteria|farmacia|pasticceria|agenzia|clinica|parrucchieria|officina|ferramenta|gelateria|macelleria|cantina|casa|locanda|tenuta|azienda|bottega|ottica|impresa|libreria|lavanderia|palestra|scuola|societ[àa]|carrozzeria|autofficina|enoteca|erboristeria|profumeria|sartoria|falegnameria|boutique)$/i;
/**
 * "dello Studio Dentistico Gattone", "della Pizzeria Da Mario", "dell'Hotel Roma": a name led by a
 * noun takes its article, a name led by an article contracts it ("La Prateria": "della Prateria");
 * any other name ("Fersina Viaggi") is "di".
 */
const CONTRACTED: Record<string, string> = { il: 'del ', lo: 'dello ', la: 'della ', "l'": "dell'", i: 'dei ', gli: 'degli ', le: 'delle ' };
export function di(company: string): string {
  const name = company.trim();
  const article = /^(Il|Lo|La|I|Gli|Le)\s+(?=\p{Lu})|^(L['’])(?=\p{Lu})/u.exec(name);
  if (article) return `${CONTRACTED[(article[1] ?? "l'").toLowerCase()]}${name.slice(article[0].length)}`;
  const first = name.split(/\s+/)[0] ?? '';
  const elided = /^[aeiouh]/i.test(first);
  if (FEMININE.test(first)) return `${elided ? "dell'" : 'della '}${company}`;
  if (MASCULINE.test(first)) return `${elided ? "dell'" : /^(?:s[^aeiou]|z|ps|gn|x|y)/i.test(first) ? 'dello ' : 'del '}${company}`;
  return `di ${company}`;
}
const site = (s: Slots) => (s.company ? `il sito ${di(s.company)}` : 'il vostro sito');
const where = (s: Slots) => (s.city ? ` a ${s.city}` : '');
/** Who sees a problem, as the owner of the trade says it: a hotel's or a restaurant's guests are its "ospiti". */
const PEOPLE: Record<Exclude<Slots['audience'], 'parents' | undefined>, string> = { patients: 'pazienti', clients: 'clienti', guests: 'ospiti', customers: 'clienti' };
/** "i vostri pazienti" (or `otherwise`, "i visitatori"). */
const who = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'i genitori' : s.audience ? `i vostri ${PEOPLE[s.audience]}` : otherwise);
/** "ai vostri pazienti" (or `otherwise`, "ai visitatori"). */
const toWho = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'ai genitori' : s.audience ? `ai vostri ${PEOPLE[s.audience]}` : otherwise);

export const it: Phrasebook = {
  greetNamed: (name) => [`Buongiorno ${name},`, `Gentile ${name},`],
  greet: ['Buongiorno,'],
  opener: (s, n) => [
    `Ho trovato ${s.company ?? 'la vostra attività'}${where(s)} e ho dato un'occhiata al vostro sito. ${n === 1 ? 'Ho notato una cosa che potrebbe interessarvi.' : 'Ho notato due cose che potrebbero interessarvi.'}`,
    `Questa settimana ho visitato ${site(s)}, e ${n === 1 ? "c'è una cosa che vale la pena sapere" : 'ci sono due cose che vale la pena sapere'}.`,
    // "Guardando le attività" reads as a mass mailing: say why one writes.
    `Vi scrivo a proposito ${s.company ? `del sito ${di(s.company)}` : 'del vostro sito'}: ${n === 1 ? 'ho notato una cosa che forse vi interessa sapere.' : 'ho notato due cose che forse vi interessa sapere.'}`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Aprendo la vostra home page compare una pagina di errore al posto del sito, quindi chi vi cerca in questo momento non vede cosa offrite.'
        : 'La vostra home page non si carica, quindi chi vi cerca in questo momento non vede cosa offrite.',
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `Il vostro sito non usa una connessione sicura (https), quindi i browser mostrano l'avviso "Non sicuro" accanto all'indirizzo, proprio nella pagina in cui ${who(s, 'i vostri clienti')} cliccano su "${s.quote}".`
        : s.whole
          ? `Il vostro sito non usa una connessione sicura (https), quindi i browser mostrano l'avviso "Non sicuro" accanto all'indirizzo.`
          : `Il vostro sito non usa una connessione sicura (https), quindi i browser mostrano l'avviso "Non sicuro" accanto all'indirizzo, e ${who(s, 'tutti i visitatori')} lo vedono appena aprono il vostro sito.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `La vostra home page mostra il messaggio "${s.quote}" al posto dei contenuti, quindi ${who(s, 'i visitatori')} vedono questo invece di ciò che offrite.`
        : `La vostra home page mostra un messaggio di errore al posto dei contenuti, quindi ${who(s, 'i visitatori')} vedono questo invece di ciò che offrite.`,
    // The number of movies is not printed: "Part" or "Parts" is what the owner can check.
    flash_content: (v, s = {}) =>
      (s.whole
        ? `La vostra home page è realizzata in Adobe Flash, che i browser non riproducono più da anni, quindi ${who(s, 'i visitatori')} non ne vedono nulla.`
        : v === 1
          ? `Una parte della vostra home page è realizzata in Adobe Flash, che i browser non riproducono più da anni, quindi ${who(s, 'i visitatori')} non la vedono più.`
          : `Alcune parti della vostra home page sono realizzate in Adobe Flash, che i browser non riproducono più da anni, quindi ${who(s, 'i visitatori')} non le vedono più.`) + (s.quote ? ` Al suo posto, la pagina mostra loro questa frase: "${s.quote}"${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `La vostra home page rimanda ancora alla vostra pagina ${s.quote}, ma ${s.quote} ha chiuso anni fa, quindi ${who(s, 'i visitatori')} che ci cliccano non vi trovano più nulla di vostro.`
        : `La vostra home page rimanda ancora a un social network chiuso anni fa, quindi ${who(s, 'i visitatori')} che ci cliccano non vi trovano più nulla di vostro.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `La vostra home page mostra codice di programmazione come testo: "${s.quote}". Il server doveva eseguirlo, non mostrarlo, così ${toWho(s, 'ai visitatori')} il sito sembra non funzionare.`
        : s.quote
        ? `La vostra home page mostra ancora "${s.quote}", un testo del modello che andava sostituito, così ${toWho(s, 'ai visitatori')} il sito sembra incompiuto.`
        : `La vostra home page mostra ancora un testo del modello che andava sostituito, così ${toWho(s, 'ai visitatori')} il sito sembra incompiuto.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `La vostra home page riporta per "${s.quote}" due numeri di telefono che differiscono di una sola cifra: "${s.quotes[0]}" e "${s.quotes[1]}". Se uno dei due contiene un errore, chi lo compone non riesce a contattarvi.`
        : `La vostra home page riporta per lo stesso luogo due numeri di telefono che differiscono di una sola cifra. Se uno dei due contiene un errore, chi lo compone non riesce a contattarvi.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `Il link telefonico "${s.quote}" sul vostro sito compone "${s.quotes[0]}", non il numero che mostra, quindi chi lo tocca per chiamare non raggiunge quel numero.`
        : s.quotes?.length
          ? `Un link telefonico sul vostro sito compone "${s.quotes[0]}", che non è un numero di telefono, quindi chi lo tocca per chiamarvi non riesce a contattarvi.`
          : `Un link telefonico sul vostro sito compone un numero diverso da quello che mostra, quindi chi lo tocca per chiamare non raggiunge quel numero.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `Il link e-mail sul vostro sito porta a "${s.quote}", che non è un indirizzo e-mail valido, quindi un messaggio inviato da quel link non può arrivarvi.`
        : `Un link e-mail sul vostro sito porta a un indirizzo non valido, quindi un messaggio inviato da quel link non può arrivarvi.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `Il titolo della vostra home page è solo "${s.quote}", quindi la scheda del browser mostra "${s.quote}" al posto del vostro nome.`
        : "La vostra home page non ha un titolo, quindi la scheda del browser mostra solo l'indirizzo web e Google deve scegliere da sé il titolo del vostro risultato di ricerca.",
    form_not_secure: (_, s = {}) =>
      `Il vostro modulo di contatto si trova su una pagina che i browser segnalano come "Non sicuro" (il sito non ha https). Appena ${who(s, 'le persone')} iniziano a scriverci, Chrome fa diventare rosso quell'avviso, proprio quando stavano per contattarvi.`,
    no_viewport: (_, s = {}) => `Il sito non è ottimizzato per gli smartphone: sul telefono appare la versione desktop rimpicciolita, e ${who(s, 'i visitatori')} devono ingrandire con le dita per leggere.`,
    no_contact_form: () => "Nelle pagine che ho visto non c'è un modulo di contatto, quindi chi preferisce scrivere invece di telefonare non ha un modo rapido per raggiungervi.",
    no_booking: () => 'I clienti non possono prenotare un orario online, cosa che molti vorrebbero fare la sera, quando avete già chiuso.',
    slow_home: () => 'Quando ho aperto la vostra home page, la risposta è stata lenta, e molti visitatori rinunciano prima che la pagina compaia.',
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `Sul vostro sito c'è un link non funzionante, "${s.quote}", che porta a una pagina che non esiste più, e questo dà un'impressione di trascuratezza.`
        : counted(
          v,
          (n) => `Sul vostro sito ci sono ${n} link non funzionanti che non portano da nessuna parte, e questo dà un'impressione di trascuratezza.`,
          "Sul vostro sito c'è un link non funzionante che non porta da nessuna parte, e questo dà un'impressione di trascuratezza.",
          "Sul vostro sito ci sono link non funzionanti che non portano da nessuna parte, e questo dà un'impressione di trascuratezza.",
        ) + (s.quote ? ` Uno di questi è "${s.quote}".` : ''),
    broken_images: (v) =>
      counted(
        v,
        (n) => `Sul vostro sito ${n} immagini non si vedono più e restano riquadri vuoti, e questo dà un'impressione di trascuratezza.`,
        "Sul vostro sito un'immagine non si vede più e resta un riquadro vuoto, e questo dà un'impressione di trascuratezza.",
        "Sul vostro sito alcune immagini non si vedono più e restano riquadri vuoti, e questo dà un'impressione di trascuratezza.",
      ),
    certificate_expired: (_, s = {}) => `Il certificato di sicurezza del vostro sito è scaduto, quindi i browser mostrano ${toWho(s, 'ai visitatori')} un avviso "Non sicuro" a tutta pagina al posto del sito.`,
    certificate_expiring: () => 'Il certificato di sicurezza del vostro sito scade nei prossimi giorni; dopo quella data i browser avviseranno i visitatori che il sito è "Non sicuro".',
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `La vostra home page mostra ancora un avviso del periodo della pandemia: "${s.quote}"${stop(s.quote)} Se non vale più, ${who(s, 'i visitatori')} potrebbero pensare che anche il resto del sito non sia aggiornato.`
        : `La vostra home page mostra ancora un avviso del periodo della pandemia. Se non vale più, ${who(s, 'i visitatori')} potrebbero pensare che anche il resto del sito non sia aggiornato.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `La data più recente sulla vostra home page risale al ${v}, così ${toWho(s, 'ai visitatori')} sembra che da allora non sia successo nulla.`
        : `Le date sulla vostra home page risalgono tutte a diversi anni fa, così ${toWho(s, 'ai visitatori')} sembra che da allora non sia successo nulla.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `L'anno del copyright nel piè di pagina è ancora il ${v}, così ${toWho(s, 'ai visitatori')} il sito sembra fermo da allora.`
        : `Nel piè di pagina compare ancora un vecchio anno di copyright, così ${toWho(s, 'ai visitatori')} il sito sembra fermo da anni.`,
    outdated_software: () => 'Il vostro sito usa versioni di software che i produttori non aggiornano più da anni, con falle di sicurezza note.',
    search_position: (v) =>
      v !== null
        ? `Cercando il vostro settore nella vostra zona, il sito è comparso alla posizione ${v}, dietro ai concorrenti su cui si clicca per primi.`
        : 'Cercando il vostro settore nella vostra zona, il sito è comparso dietro ai concorrenti su cui si clicca per primi.',
    no_ecommerce: () => 'Sul vostro sito non si può acquistare online, quindi perdete i clienti che non possono passare di persona.',
    no_analytics: () => 'Sul sito non è installato nessuno strumento di statistiche, quindi non potete sapere quante persone lo visitano né dove perdono interesse.',
    images_missing_alt: (v) =>
      counted(
        v,
        (n) => `Nella vostra home page, ${n} immagini non hanno un testo alternativo, quindi né gli screen reader né Google capiscono cosa mostrano.`,
        "Nella vostra home page, un'immagine non ha un testo alternativo, quindi né gli screen reader né Google capiscono cosa mostra.",
        'Nella vostra home page, alcune immagini non hanno un testo alternativo, quindi né gli screen reader né Google capiscono cosa mostrano.',
      ),
    unoptimized_images: (v) =>
      counted(
        v,
        (n) => `Nella vostra home page, ${n} immagini non hanno larghezza e altezza indicate nel codice della pagina.`,
        "Nella vostra home page, un'immagine non ha larghezza e altezza indicate nel codice della pagina.",
        'Nella vostra home page, alcune immagini non hanno larghezza e altezza indicate nel codice della pagina.',
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `Il vostro indirizzo fa passare i visitatori per ${n} reindirizzamenti prima di mostrare la home page, e questo ritarda la prima impressione.`,
        'Il vostro indirizzo fa passare i visitatori per un reindirizzamento prima di mostrare la home page, e questo ritarda la prima impressione.',
        'Il vostro indirizzo fa passare i visitatori per diversi reindirizzamenti prima di mostrare la home page, e questo ritarda la prima impressione.',
      ),
    missing_lang: () => 'Le pagine non indicano in che lingua sono scritte, quindi gli screen reader potrebbero leggerle con la pronuncia sbagliata.',
    empty_links: (v) =>
      counted(
        v,
        (n) => `Nella vostra home page, ${n} link non hanno né testo né etichetta, quindi chi usa uno screen reader non sa dove portano.`,
        'Nella vostra home page, un link non ha né testo né etichetta, quindi chi usa uno screen reader non sa dove porta.',
        'Nella vostra home page, alcuni link non hanno né testo né etichetta, quindi chi usa uno screen reader non sa dove portano.',
      ),
    slow_mobile: (v) =>
      v !== null
        ? `Da smartphone, la vostra home page impiega ${decimal(v, ',')} secondi a mostrare il contenuto principale, un tempo che Google giudica scarso.`
        : 'Da smartphone, la vostra home page è lenta a mostrare il contenuto principale, più di quanto Google consideri accettabile.',
    layout_shift: () => 'Mentre la vostra home page si apre su smartphone, i contenuti si spostano, e si finisce per toccare il punto sbagliato.',
    heavy_page: (v) =>
      v !== null
        ? `La vostra home page pesa ${decimal(v, ',')} MB, molto da scaricare su uno smartphone prima di vedere qualcosa.`
        : 'La vostra home page è molto pesante: tanti dati da scaricare su uno smartphone prima di vedere qualcosa.',
    low_performance: (v) =>
      v !== null
        ? `Il test di Google stesso, Lighthouse, dà alla vostra home page ${v} punti su 100 per la velocità da smartphone.`
        : 'Il test di Google stesso, Lighthouse, mette la vostra home page nella fascia più bassa per la velocità da smartphone.',
  },
  measured: ['Il dato viene da Lighthouse, lo strumento di Google: potete ripetere lo stesso test su PageSpeed Insights.'],
  check: {
    error_message: ['Potete verificarlo di persona aprendo la vostra home page.'],
    flash_content: ['Potete verificarlo di persona: aprite la vostra home page con un browser aggiornato qualsiasi.'],
    form_not_secure: ["Potete verificarlo di persona: aprite la pagina con Chrome, digitate una lettera nel modulo e guardate a sinistra dell'indirizzo."],
    no_ssl: ["Potete verificarlo di persona: aprite il vostro sito con Chrome e guardate subito a sinistra dell'indirizzo."],
    certificate_expired: ['Potete verificarlo di persona aprendo il vostro sito con un browser qualsiasi.'],
    no_viewport: ['Potete verificarlo di persona: aprite la vostra home page sullo smartphone e provate a leggerla senza ingrandirla.'],
    stale_copyright: ['Potete verificarlo di persona proprio in fondo alla vostra home page.'],
  },
  news: { no_ssl: ['Google ha inoltre annunciato che Chrome mostrerà un avviso prima di aprire per la prima volta un sito senza https.'] },
  report: ["Ho raccolto quello che ho trovato, con gli screenshot, in un'unica pagina:"],
  value: {
    broken: ["Finché non torna a funzionare, ogni visita che arriva da Google o da un annuncio è un'occasione persa."],
    one: ['È un intervento mirato che non richiede un sito nuovo.', 'Si può sistemare senza rifare il sito.'],
    many: ['Nessuno dei due richiede un sito nuovo; sono interventi mirati.', 'Entrambi si possono sistemare senza rifare il sito.'],
  },
  credibility: [
    'Creo e miglioro siti web per piccole attività, quindi sono cose che noto subito.',
    'Ho un piccolo studio di web design e aiuto le piccole attività proprio con questo tipo di lavoro.',
  ],
  credibilityShort: ['Realizzo siti web per piccole attività.'],
  padding: ['Nessun impegno, naturalmente; ho solo pensato che vi facesse piacere saperlo.'],
  call: ['Vi sarebbe utile una breve telefonata la prossima settimana? Vi mostro cosa ho trovato.'],
  cta: [
    // Said of one point or two alike: "lo sistemerei" after two read as a slip.
    'Se vi è utile, rispondete a questa email e vi mando i passaggi che seguirei per intervenire.',
    'Volete che vi mandi una breve nota su come interverrei?',
  ],
  followUp: {
    again: ['Questa settimana ho misurato di nuovo la vostra home page e il problema di cui vi ho scritto è ancora lì:'],
    addOne: ['Vi riscrivo con un altro punto che ho notato sul vostro sito:'],
    nudge: ['Riporto in cima alla vostra casella il mio messaggio precedente, nel caso fosse andato perso.'],
    cta: ['Se vi è utile, rispondete a questa email e vi mando qualche idea.'],
    last: ["Questo è il mio ultimo messaggio sull'argomento, non voglio riempirvi la casella. Se più avanti fosse il momento giusto, basta rispondere."],
  },
  subject: {
    generic: (c) => [`Una domanda sul sito ${di(c)}`, `Il sito ${di(c)}`],
    byFinding: {
      flash_content: (c) => [`${c} e Adobe Flash`],
      form_not_secure: (c) => [`${c} e l'avviso "Non sicuro"`],
      site_broken: (c) => [`Un problema con il sito ${di(c)}`],
      no_ssl: (c) => [`${c} e l'avviso "Non sicuro"`],
      no_viewport: (c) => [`Il sito ${di(c)} su smartphone`],
      slow_mobile: (c) => [`Il sito ${di(c)} su smartphone`],
      layout_shift: (c) => [`Il sito ${di(c)} su smartphone`],
      heavy_page: (c) => [`Il sito ${di(c)} su smartphone`],
      low_performance: (c) => [`Il sito ${di(c)} su smartphone`],
      no_booking: (c) => [`Prenotazioni online per ${c}`],
      phone_mismatch: (c) => [`Il numero di telefono sul sito ${di(c)}`],
      bad_phone_link: (c) => [`Il link telefonico sul sito ${di(c)}`],
      bad_email_link: (c) => [`Il link e-mail sul sito ${di(c)}`],
    },
    unnamed: {
      no_ssl: [`Il vostro sito e l'avviso "Non sicuro"`],
      form_not_secure: [`Il vostro modulo e l'avviso "Non sicuro"`],
      flash_content: ['Il vostro sito e Adobe Flash'],
      error_message: ['Un messaggio sulla vostra home page'],
      no_viewport: ['Il vostro sito su smartphone'],
      phone_mismatch: ['Il numero di telefono sul vostro sito'],
      bad_phone_link: ['Il link telefonico sul vostro sito'],
      bad_email_link: ['Il link e-mail sul vostro sito'],
    },
    plain: ['Una domanda sul vostro sito', 'A proposito del vostro sito'],
  },
};
