// What a visitor meets on the page itself, quoted from its markup: an error message where the
// home page's content should be ("Error 404: page does not exist" above the site's own menu),
// parts of the home page made in Adobe Flash, which no browser has played since the major ones
// removed it in January 2021, a contact form on a site browsers mark "Not secure" (Chrome
// turns that warning red as soon as someone types into a field on an http page), the button a
// customer presses to book, buy or ask for a quote on such a page, a link to a social network
// that has closed (the Google+ icon in the footer), a template's text the site was meant to
// replace ("Caption goes here", a footer's "{{.Now "2006"}}"), two phone numbers for one place
// that differ in one digit, and a home page with no title. Pure rules over the parsed pages.
import type { AnyNode, Element, Text } from 'domhandler';
import type { Finding, Proof } from '../../model/analysis.ts';
import { plural } from '../../plural.ts';
import { phoneMismatch } from './business-details.ts';
import { measured } from './crawl-findings.ts';
import type { ParsedPage } from './dom.ts';
import { isOwnForm } from './presence.ts';

const FLASH_CLASSID = /D27CDB6E-AE6D-11cf-96B8-444553540000/i;
// SWFObject 1.x and FlashObject ("new SWFObject('intro.swf', …)", drawn by a later ".write('box')"),
// SWFObject 2 ("swfobject.embedSWF('intro.swf', 'box', …)").
const FLASH_SCRIPT = /(?:new\s+(?:SWFObject|FlashObject)|swfobject\.embedSWF)\s*\(\s*["']([^"']+\.swf)\b["']\s*,\s*["']([^"']*)["']/gi;
const WRITE = /\.write\(\s*["']([^"']+)["']/;
// Adobe's own writer, whose movie is named without its extension and written where the script stands: AC_FL_RunContent(…, 'movie', 'intro', …).
const AC_FL = /AC_FL_RunContent\s*\([^)]*?["']movie["']\s*,\s*["']([^"']+)["']/gi;
/** Words of a stand-in that only asks for the plugin ("you are missing the Flash plugin"). */
const ASKS_FOR_FLASH = /flash|plugin|plug-in|javascript|macromedia|adobe/i;

/**
 * Whether the box a movie was to fill shows something else without Flash: a picture or words of
 * its own (not a request to install the plugin). Then visitors do see that part of the page.
 */
function hasStandIn(box: ReturnType<ParsedPage['$']>): boolean {
  const own = box.clone();
  own.find('script, style, param, embed, object, noscript').remove();
  const pictures = own.find('img').toArray().filter((img) => !ASKS_FOR_FLASH.test(`${img.attribs.src ?? ''} ${img.attribs.alt ?? ''}`));
  const words = own.text().replace(/\s+/g, ' ').trim();
  return pictures.length > 0 || (words.split(' ').filter((w) => /\p{L}{2,}/u.test(w)).length >= 4 && !ASKS_FOR_FLASH.test(words));
}

/**
 * The Flash movies a page embeds that visitors see nothing of (by their file), in the order the
 * markup gives them: a movie whose box shows a picture or text in its place is left out.
 */
export function flashMovies(home: ParsedPage): string[] {
  const { $ } = home;
  const movies: string[] = [];
  const add = (file: string | undefined) => {
    const name = file?.trim();
    if (name && !movies.includes(name)) movies.push(name);
  };
  for (const el of $('object, embed').toArray()) {
    const a = el.attribs;
    const file = a.data ?? a.src ?? $(el).find('param[name="movie" i], param[name="src" i]').attr('value');
    const flash = /shockwave-flash/i.test(a.type ?? '') || FLASH_CLASSID.test(a.classid ?? '') || /\.swf\b/i.test(file ?? '');
    // An <embed> inside an <object> is the same movie, given twice for old browsers.
    if (!flash || (el.tagName === 'embed' && $(el).parents('object').length) || hasStandIn($(el))) continue;
    add(file ?? a.id ?? 'an unnamed movie');
  }
  const scripts = $('script:not([src])').text();
  for (const m of scripts.matchAll(FLASH_SCRIPT)) {
    // embedSWF names its box; the others draw into the box their next write() names.
    const boxId = /embedSWF/i.test(m[0]) ? m[2] : WRITE.exec(scripts.slice(m.index))?.[1];
    const box = boxId ? $(`[id="${boxId.replace(/"/g, '')}"]`).first() : undefined;
    if (box?.length && hasStandIn(box)) continue;
    add(m[1]);
  }
  for (const m of scripts.matchAll(AC_FL)) add(`${m[1]}.swf`);
  return movies;
}

/** A line that asks for the plugin ("you are missing the Flash plugin", "Get Adobe Flash Player"). */
const PLUGIN_REQUEST = /plug-?in|player|install|download|enable|disabled|missing|requires?|need|wtyczk|erforder|herunterladen|t[ée]l[ée]charg|descarg|necesit|scaric|nodig|baixar/i;
/** Words a page with no Flash beside its movies may still show: a hit counter's badge, a copyright line. */
const PAGE_WORDS_OF_ITS_OWN = 8;

/**
 * Parts of the home page made in Flash: its visitors see none of them. When the rest of the page
 * says nothing of its own (only a request for the plugin, a link to another version, a counter),
 * the home page is the Flash (`whole`); the request visitors now see in its place is quoted.
 */
export function flashFinding(home: ParsedPage, url: string): Finding | undefined {
  const movies = flashMovies(home);
  if (movies.length === 0) return undefined;
  const n = movies.length;
  const lines = home.text.split('\n');
  const own = lines.filter((line) => !ASKS_FOR_FLASH.test(line)).join(' ').split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w));
  const whole = own.length < PAGE_WORDS_OF_ITS_OWN;
  // "If you are reading this, you either have Javascript disabled or you are missing the Flash plugin."
  const request = lines
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .find((sentence) => /\bflash\b/i.test(sentence) && PLUGIN_REQUEST.test(sentence) && sentence.length <= 160 && /\p{L}{2,}(?:\s+\p{L}+){4}/u.test(sentence));
  const evidence = `the home page embeds ${plural(n, 'Flash movie', 'Flash movies')} (${movies.slice(0, 4).join(', ')})${whole ? ' and shows nothing else of its own' : ''}; Chrome, Firefox, Edge and Safari removed Flash Player by January 2021`;
  const shown = request ? `${evidence}; the page shows "${request}"` : evidence;
  const finding = measured(
    'flash_content',
    whole ? 'The home page is made in Adobe Flash, which browsers no longer play' : `${n === 1 ? 'Part of the home page is' : `${n} parts of the home page are`} made in Adobe Flash, which browsers no longer play`,
    shown.length <= 300 ? shown : evidence,
    url,
    1,
    n,
  );
  return { ...finding, ...(whole && { whole }), ...(request && { quote: request }) };
}

export const squashed = (text: string) => text.replace(/\s+/g, ' ').trim();

// The words of a button or link a customer presses to book, to buy or to ask for a quote, the
// whole of its text, in the eight languages ("Book Now", "Reserve a table", "Dodaj do koszyka",
// "Termin buchen", "Get a free quote", "Twoja wycena").
const CUSTOMER_ACT = new RegExp(
  `^(?:${[
    String.raw`book(?: now| online| here| an? (?:appointment|table|session|class|visit|consultation)| your (?:appointment|table|visit))?|(?:vip |make an? )?(?:online )?(?:bookings?|reservations?|appointments?)`,
    String.raw`reserve(?: a table| now| online| your (?:table|spot|place)(?: in (?:the )?class)?)?|add to (?:cart|bag|basket)|buy (?:now|online)|order (?:now|online)|online order(?:ing|s)|shop now`,
    String.raw`(?:register|sign up|enrol{1,2}) (?:online|now|for (?:a |the )?class(?:es)?)`,
    String.raw`(?:get|request) (?:a |your )?(?:free )?(?:quote|estimate)|free (?:quote|estimate)`,
    String.raw`rezerwacja(?: on-?line)?|(?:rejestracja|zapisy) on-?line|zarezerwuj(?: wizyt[eę]| stolik| on-?line)?|um[óo]w (?:wizyt[eę]|si[eę])(?: on-?line)?|dodaj do koszyka|do koszyka|kup (?:teraz|on-?line)|zam[óo]w(?: teraz| on-?line)?|z[łl][óo][żz] zam[óo]wienie|zam[óo]wienia on-?line`,
    String.raw`(?:twoja |bezp[łl]atna |darmowa )?wycena(?: on-?line)?|zapytaj o (?:wycen[eę]|ofert[eę])|zam[óo]w wycen[eę]`,
    String.raw`(?:online[- ])?termin(?: online)? (?:buchen|vereinbaren)|jetzt (?:buchen|kaufen|bestellen|reservieren)|(?:tisch )?reservieren|online bestellen|online-?bestellung|in den warenkorb|(?:kostenloses |unverbindliches )?angebot (?:anfordern|einholen)`,
    String.raw`r[ée]server(?: en ligne| une table)?|prendre rendez-vous(?: en ligne)?|ajouter au panier|commander(?: en ligne)?|commande en ligne|demander un devis(?: gratuit)?|devis gratuit|demande de devis`,
    String.raw`reservar(?: mesa| cita| online| ahora)?|pedir cita|a[ñn]adir al carrito|comprar(?: ahora| online)?|pedir online|pedidos? online|(?:pedir|solicitar) (?:un )?presupuesto|presupuesto (?:gratis|sin compromiso)`,
    String.raw`prenota(?: ora| online| un tavolo)?|aggiungi al carrello|acquista(?: ora)?|ordina(?: ora| online)?|ordini online|(?:richiedi|chiedi) (?:un )?preventivo(?: gratuito)?|preventivo gratuito`,
    String.raw`reserveer(?: nu| online| een tafel)?|afspraak maken|in winkelwagen|bestel(?: nu| online)?|offerte aanvragen|vraag een offerte aan|gratis offerte`,
    String.raw`marcar consulta|agendar(?: consulta| online)?|adicionar ao carrinho|encomendar|(?:pedir|solicitar) (?:um )?or[çc]amento|or[çc]amento gr[áa]tis`,
  ].join('|')})$`,
  'i',
);
// The shop's cart, where an order is put together ("Cart", "Koszyk", "Warenkorb", "Panier"): a
// customer's action too, but a button that books or buys says it better.
const CART = /^(?:(?:my |your |shopping )?(?:cart|basket)|(?:m[óo]j |tw[óo]j )?koszyk|(?:mein |ihr )?warenkorb|(?:mon |votre )?panier|(?:mi |su )?carrito|(?:il mio |il tuo )?carrello|winkel(?:wagen|mandje)|(?:meu |seu )?carrinho)$/i;
/**
 * Parts of a page no visitor is shown: hidden by an attribute or a style, or by the "hidden" class
 * CSS frameworks give display:none (a closed panel's). One a breakpoint may show on a wide screen
 * ("hidden md:block") counts as hidden too: where unsure, nothing is said (and the selector stays
 * cheap: it is matched against most elements of every page).
 */
export const HIDDEN = '[hidden], [style*="display:none"], [style*="display: none"], template, noscript, .hidden';

/** An element's text with a space where a tag stands: "Menu<br><small>Zamówienia online</small>" is two words, not "MenuZamówienia". */
const spaced = (node: AnyNode): string => (node.type === 'text' ? (node as Text).data : 'children' in node ? ` ${(node.children as AnyNode[]).map(spaced).join('')} ` : ' ');

/** A link with nowhere to go ("#", none, "javascript:") and no handler of its own: an unfinished template's "Cart", not a customer's action. */
const leadsNowhere = (el: Element) => el.tagName === 'a' && /^(?:#?|javascript:.*)$/i.test((el.attribs.href ?? '').trim()) && !el.attribs.onclick;

/**
 * The words, as the page shows them, of the first button on the home page a customer presses to
 * book, to buy or to ask for a quote ("Book Now"): an email about "Not secure" may say that is
 * the page they press it on. A shop's cart link only when no button books or buys, and text in
 * capitals only when no other such button is written otherwise.
 */
export function customerAction(home: ParsedPage): string | undefined {
  const { $ } = home;
  const shown = squashed(home.text);
  // The whole text is the action, or two or three said together ("Reserve your spot in class, register online").
  const together = (text: string) => {
    const parts = text.split(/,\s*/);
    return parts.length >= 2 && parts.length <= 3 && parts.every((part) => CUSTOMER_ACT.test(part));
  };
  const acts = (text: string) => (text.length <= 40 && (CUSTOMER_ACT.test(text) || CART.test(text))) || (text.length <= 60 && together(text));
  const bare = (text: string) => squashed(text).replace(/[\s→»›>]+$/u, '');
  // Its words as one, else a line of them that is the whole action ("Menu<br><small>Zamówienia online</small>").
  const words = (el: Element) => [bare(spaced(el)), ...$(el).find('*').addBack().contents().toArray().flatMap((n) => (n.type === 'text' ? [bare((n as Text).data)] : []))];
  const found = $('a, button, input[type="submit" i], input[type="button" i]')
    .toArray()
    // In the page's body and shown: a <template>'s content hangs outside the document.
    .filter((el) => $(el).closest('body').length > 0 && !$(el).closest(HIDDEN).length && !leadsNowhere(el))
    // A button's words as shown: an input's value, or text the visible page carries.
    .map((el) => ({ text: el.tagName === 'input' ? [bare(el.attribs.value ?? '')].find(acts) : words(el).find((text) => acts(text) && shown.includes(text)), menu: $(el).closest('nav, [role="navigation"]').length > 0 }))
    .filter((a): a is { text: string; menu: boolean } => a.text !== undefined);
  // A button that books or buys before the cart, one on the page before a menu's entry ("Book Here", not the menu's "Bookings"), words as written before capitals.
  const rank = ({ text, menu }: { text: string; menu: boolean }) => Number(CART.test(text)) * 4 + Number(menu) * 2 + Number(text === text.toUpperCase());
  return found.reduce<{ text: string; menu: boolean } | undefined>((best, a) => (best === undefined || rank(a) < rank(best) ? a : best), undefined)?.text;
}

/**
 * "Not secure" where it bites: the home page's "Book Now" (customerAction) is on the page the
 * warning is shown on, and the email may quote it.
 */
export function withCustomerAction(noSsl: Finding, home: ParsedPage): Finding {
  const action = customerAction(home);
  return action ? { ...noSsl, quote: action, evidence: `${noSsl.evidence}; the home page, shown with that warning, has the "${action}" button` } : noSsl;
}

/** A link's words as a visitor reads them: short, with a letter, and not an address. */
const readableLink = (text: string) => text.length >= 2 && text.length <= 40 && /\p{L}/u.test(text) && !/^(?:https?:|www\.)|\.(?:pl|com|de|ch|fr|es|it|nl|pt|net|org)\b/i.test(text);

/**
 * Broken links said by the words a visitor clicks ("Cennik", "Book an appointment"): the first
 * broken link, in the order checked, whose anchor on the page it was found on reads as words.
 * The email may quote them; the owner finds the link by them.
 */
export function withBrokenLinkText(brokenLinks: Finding, broken: { url: string; from: string }[], pages: ParsedPage[]): Finding {
  for (const link of broken) {
    const page = pages.find((p) => (p.page.finalUrl || p.page.url) === link.from);
    if (!page) continue;
    const anchor = page.$('a[href]')
      .toArray()
      .find((a) => {
        try {
          return new URL(a.attribs.href, link.from).href.replace(/#.*$/, '') === link.url.replace(/#.*$/, '') && !page.$(a).closest(HIDDEN).length;
        } catch {
          return false;
        }
      });
    const text = anchor ? squashed(spaced(anchor)) : '';
    if (anchor && readableLink(text)) return { ...brokenLinks, quote: text, evidence: `${brokenLinks.evidence}; the link reads "${text}" on ${link.from}`.slice(0, 300) };
  }
  return brokenLinks;
}

/**
 * The contact form on a site browsers mark "Not secure": only a form on the site's own page
 * (an embedded form service is its own https page), and only when the "Not secure" claim is made.
 */
export function insecureFormFinding(noSsl: Finding | undefined, contactForm: boolean | null, formProof: Proof | undefined): Finding | undefined {
  if (!noSsl || contactForm !== true || !formProof || !isOwnForm(formProof)) return undefined;
  return measured(
    'form_not_secure',
    'The contact form is on a page browsers mark "Not secure"',
    `${noSsl.evidence}; ${formProof.url} has a ${formProof.detail}`,
    formProof.url,
    noSsl.confidence,
  );
}

// An error or "no content" message, in the eight languages and with the diacritics some old
// sites drop ("Blad 404: Strona nie istnieje!"); the whole heading or line is that message.
const ERROR_MESSAGE = new RegExp(
  [
    String.raw`(?:error|b[lł][aą]d|fehler|erreur|errore|erro|fout)\s*:?\s*404\b.*`,
    String.raw`404\s*[-:–]?\s*(?:error|not found|page not found|nie znaleziono|seite nicht gefunden)\b.*`,
    String.raw`(?:the )?page (?:was )?not found|this page (?:does not|doesn't) exist`,
    String.raw`strona nie istnieje|nie znaleziono strony|brak takiej strony|brak zawarto[sś]ci`,
    String.raw`seite nicht gefunden|keine inhalte(?: vorhanden)?|page introuvable|aucun contenu|p[aá]gina no encontrada|sin contenido`,
    String.raw`pagina non trovata|nessun contenuto|p[aá]gina n[aã]o encontrada|nenhum conte[uú]do|pagina niet gevonden|geen inhoud`,
  ].map((p) => `(?:${p})`).join('|'),
  'i',
);
const isErrorMessage = (text: string) => text.length <= 60 && new RegExp(`^(?:${ERROR_MESSAGE.source})[.!]*$`, 'i').test(text);

/**
 * A home page that answered 200 but shows an error or "no content" message where its content
 * should be (a soft 404): the message quoted from a heading or a line of its own. A title alone
 * is not enough: the email says the message stands where the content should be. A page of almost
 * nothing but the message is a broken site instead (site-state.ts), and is never read here.
 */
export function errorMessageFinding(home: ParsedPage, url: string): Finding | undefined {
  const { $ } = home;
  const lines = $('h1, h2, h3, p, b, strong, div, td, span')
    .toArray()
    .map((el) => ({ el, text: squashed($(el).text()) }))
    .filter(({ el, text }) => text && $(el).children().length <= 1 && !$(el).closest(HIDDEN).length);
  // Only what a visitor sees: the visible text leaves out templates, scripts and noscript.
  const quote = lines.find(({ text }) => isErrorMessage(text) && home.text.includes(text))?.text;
  if (!quote) return undefined;
  return {
    ...measured('error_message', `The home page shows the message "${quote}"`, `the home page answered 200 and shows, where its content should be, "${quote}"`, url, 0.9),
    quote,
  };
}

/** Social networks that closed and deleted their members' pages: a link to one finds nothing of the business's. */
const CLOSED_SERVICES: Array<{ host: RegExp; name: string; closed: string }> = [
  { host: /^plus\.google\.com$/i, name: 'Google+', closed: 'Google shut Google+ down for personal and brand accounts on 2 April 2019 and deleted their pages' },
  { host: /^(?:www\.)?orkut\.com$/i, name: 'Orkut', closed: 'Google closed Orkut on 30 September 2014' },
  { host: /^(?:www\.)?nk\.pl$/i, name: 'NK', closed: 'NK (Nasza Klasa) closed on 27 July 2021' },
];

/**
 * A link on the home page a visitor can see (an icon counts) to the business's page on a social
 * network that no longer exists: the network quoted by its name, the link as its evidence.
 */
export function closedServiceFinding(home: ParsedPage, url: string): Finding | undefined {
  const { $ } = home;
  for (const a of $('body a[href]').toArray()) {
    if ($(a).closest(HIDDEN).length) continue;
    let host: string;
    try {
      host = new URL(a.attribs.href, url).hostname;
    } catch {
      continue;
    }
    const service = CLOSED_SERVICES.find((s) => s.host.test(host));
    if (!service) continue;
    return {
      ...measured('closed_service', `The home page links to ${service.name}, which no longer exists`, `the home page links to ${a.attribs.href.slice(0, 120)}; ${service.closed}`, url, 1),
      quote: service.name,
    };
  }
  return undefined;
}

// A template's text that was meant to be replaced, as visitors read it: a sample caption (or a
// slider's "Caption Text", a line of its own under each slide), the typesetters' filler Latin,
// their equivalents in the eight languages, or template code the server never ran (Go's and
// Hugo's "{{.Now}}", a Jinja, Liquid or Django "{% tag %}", PHP shown as text: "<?php … ?>", or
// a statement of it once the browser has taken "<?php … ->" for a comment, "$mailer->CharSet =
// 'utf8';"). "{{ name }}" without the dot is left out: a script in the browser may still fill it in.
const TEMPLATE_TEXT = new RegExp(
  [
    String.raw`\blorem\s+ipsum(?:\s+dolor\s+sit\s+amet)?`,
    String.raw`\b(?:caption|title|text|headline|heading|description|content) goes here\b|\b(?:your|insert|add your) (?:text|title|headline|caption|content) here\b|\bsample text\b`,
    String.raw`^(?:caption text|slide caption|image caption|button text|link text|heading text)$`,
    String.raw`\b(?:tu wpisz tekst|przyk[łl]adowy tekst|tekst przyk[łl]adowy|hier steht (?:ihr|der) text|beispieltext|platzhaltertext|ihr text hier|votre texte ici|texte d'exemple|tu texto aqu[íi]|su texto aqu[íi]|texto de ejemplo|il tuo testo qui|testo di esempio|uw tekst hier|voorbeeldtekst|seu texto aqui|texto de exemplo)\b`,
    String.raw`\{\{\s*\.[A-Za-z][^{}\n]{0,40}\}\}|\{%\s*[a-z_]+\b[^%\n]{0,40}%\}|<\?(?:php|=)[^?\n]{0,40}\?>|\$[A-Za-z_]\w*->\w+\s*(?:=\s*[^;\n]{1,40}|\([^()\n]{0,40}\))\s*;|\$_(?:POST|GET|SERVER|REQUEST|SESSION|COOKIE)\[\s*['"][^'"\n]{1,30}['"]\s*\]`,
    // The sample names and addresses templates fill an imprint or a contact block with.
    String.raw`\b(?:Max|Erika) Mustermann\b|\bMuster(?:stra(?:ß|ss)e|stadt|firma|wirtschaftsid)\b|\bAnytown\b|\bJohn Doe\b|\b(?:your|you|name)@(?:email|example|domain|yourdomain)\.com\b|\(555\) 555-5555|\b555-555-5555\b`,
  ].join('|'),
  'im',
);

/** Whether some text of the page that a visitor is shown starts the quote (its first words may stand in a hidden panel only). */
function shownAnywhere(home: ParsedPage, quote: string): boolean {
  const { $ } = home;
  const start = quote.slice(0, 12);
  return $('body')
    .find('*')
    .addBack()
    .contents()
    .toArray()
    .some((node) => node.type === 'text' && squashed((node as Text).data).includes(start) && !$(node.parent as Element).closest(HIDDEN).length);
}

/**
 * Whether a template_text quote is PHP the web server was meant to run ("$mailer->…;", "<?php … ?>"),
 * not words meant to be replaced: a "{{.Now}}" is a template's, filled in wherever the site is built.
 */
export const isShownCode = (quote: string) => /^(?:\$|<\?)/.test(quote);

/**
 * Text the site's template was meant to replace, shown on the home page ("Caption goes here",
 * "© {{.Now "2006"}}"): quoted as the page writes it, so the owner finds it at a glance.
 */
export function templateTextFinding(home: ParsedPage, url: string): Finding | undefined {
  const found = TEMPLATE_TEXT.exec(home.text)?.[0];
  const quote = found && squashed(found);
  if (!quote || !shownAnywhere(home, quote)) return undefined;
  return {
    ...measured('template_text', `The home page shows "${quote}", ${isShownCode(quote) ? 'code the server was meant to run, not show' : "a template's text meant to be replaced"}`, `the home page's visible text reads "${quote}"`, url, 0.9),
    quote,
  };
}

/**
 * Two phone numbers the home page gives for the same place that differ in one digit: callers who
 * dial the mistyped one never reach the business. Quoted as written, with what names them.
 */
export function phoneMismatchFinding(home: ParsedPage, url: string): Finding | undefined {
  const found = phoneMismatch(home);
  if (!found) return undefined;
  const [a, b] = found.numbers;
  return {
    ...measured('phone_mismatch', `The home page gives two numbers for "${found.label}" that differ in one digit: ${a} and ${b}`, `the home page's visible text gives "${found.label}" the number ${a} in one place and ${b} in another`, url, 0.9),
    quote: found.label,
    quotes: [a, b],
  };
}

/** The titles editors and starter kits put in a new page ("Document", "Untitled Document", "React App"), never a business's own. */
const PLACEHOLDER_TITLE = /^(?:document|untitled(?:[ -]?\d+| document| page)?|new page \d+|insert title here|page title|your title here|react app|vite app|vite \+ react(?: \+ ts)?|create next app)$/i;

/**
 * A home page with no title, an empty one or an editor's placeholder ("Document"): the browser
 * tab shows only its address (or that word), and Google chooses the headline of its search result
 * itself. Not said of a page whose scripts may write one (document.title, an app drawn in the browser).
 */
export function noTitleFinding(home: ParsedPage, url: string): Finding | undefined {
  const { $ } = home;
  const title = $('title').first();
  const text = title.text().replace(/\s+/g, ' ').trim();
  const placeholder = PLACEHOLDER_TITLE.test(text);
  if (title.length && squashed(text) && !placeholder) return undefined;
  if (/document\.title\s*=|\btitle\s*:/.test($('script:not([src])').text())) return undefined;
  if (home.text.length < 200 && $('script[src]').length) return undefined;
  if (placeholder) return { ...measured('no_title', `The home page's title is a placeholder: "${text}"`, `the home page's <title> is "${text}", the placeholder an editor or a starter kit gives a new page`, url, 0.9), quote: text };
  return measured('no_title', 'The home page has no title', title.length ? "the home page's <title> element is empty" : 'the home page has no <title> element', url, 0.9);
}
