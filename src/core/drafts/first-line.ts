// What a reviewer reads of an email before opening it: its first line after the greeting.
// Drafts come from every writer in every language ("Hi Maria,", "Hola, Ana:", "Madame,
// Monsieur,", "Guten Tag,", a Gemini "Hello Maria — I noticed…"), so the greeting is known
// by its shape: a short opening line that starts with a salutation word, or a name alone,
// ending in a comma, colon, exclamation mark or dash.

/** How much of a body is read: the first paragraphs are always within it, so a long body costs no more than a short one. */
export const FIRST_LINE_SCAN_CHARS = 2000;
/** The longest first line sent: the screen shows less, and a body that never breaks a line is not sent twice. */
export const FIRST_LINE_MAX_CHARS = 400;

const SALUTATIONS = [
  // en
  'hi', 'hello', 'hey', 'dear', 'greetings', 'good morning', 'good afternoon', 'good evening', 'to whom it may concern',
  // es, pt, it
  'hola', 'estimado', 'estimada', 'estimados', 'buenos días', 'buenos dias', 'buenas tardes', 'buenas',
  'olá', 'ola', 'oi', 'prezado', 'prezada', 'prezados', 'caro', 'cara', 'cari', 'bom dia', 'boa tarde',
  'ciao', 'salve', 'gentile', 'gentili', 'buongiorno', 'buonasera', 'spettabile',
  // fr, de, nl, pl
  'bonjour', 'bonsoir', 'salut', 'madame', 'monsieur', 'cher', 'chère', 'chers',
  'hallo', 'guten tag', 'guten morgen', 'liebe', 'lieber', 'sehr geehrte', 'sehr geehrter', 'moin', 'servus', 'grüß gott',
  'beste', 'geachte', 'hoi', 'goedendag', 'goedemorgen', 'goedemiddag', 'dag',
  'dzień dobry', 'witam', 'witaj', 'szanowny', 'szanowna', 'szanowni', 'cześć',
];
const SALUTATION = new RegExp(`^(?:${SALUTATIONS.map((s) => s.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
/** The punctuation that closes a greeting: "Hi Maria," "Hola, Ana:" "Hello!" "Hi Maria —". */
const CLOSES_GREETING = /(?:[,:!]|\s[—–-])$/u;
/** A greeting and the text after it on the same line: "Hello Maria — I noticed…", "Hi, I'm Sam…". */
const GREETING_THEN_TEXT = /^([^.?!\n]{0,60}?(?:[,:!]|\s[—–-]))\s+(\S.*)$/u;

const words = (line: string) => line.split(/\s+/).filter(Boolean).length;

/**
 * A salutation line: short, and either a salutation word closed like a greeting ("Hola, Ana:"),
 * a name alone so closed ("Maria,"), or a bare salutation of a few words ("Hi Maria").
 */
export function isGreeting(line: string): boolean {
  const text = line.trim();
  if (!text || text.length > 80) return false;
  const salutation = SALUTATION.test(text);
  if (!CLOSES_GREETING.test(text)) return salutation && words(text) <= 3 && !/[.?…]$/u.test(text);
  return salutation ? words(text) <= 10 : words(text) <= 3;
}

/**
 * The first line a reader meets after the greeting: the first paragraph of the body that is
 * not the salutation, its lines joined and its spaces collapsed, at most FIRST_LINE_MAX_CHARS
 * ('…' when cut). '' when the body says nothing beyond a greeting. Plain text: the caller
 * renders it escaped, as all drafted text.
 */
export function firstLine(body: string): string {
  const lines = body.slice(0, FIRST_LINE_SCAN_CHARS).replace(/\r\n?/g, '\n').split('\n');
  let at = lines.findIndex((line) => line.trim() !== '');
  if (at < 0) return '';
  const opening = lines[at].trim();
  if (isGreeting(opening)) {
    at += 1;
    while (at < lines.length && lines[at].trim() === '') at += 1;
  } else {
    // "Hello Maria — I noticed…": the greeting shares its line with the text.
    const inline = SALUTATION.test(opening) ? GREETING_THEN_TEXT.exec(opening) : null;
    if (inline && isGreeting(inline[1])) lines[at] = inline[2];
  }
  const paragraph: string[] = [];
  for (; at < lines.length && lines[at].trim() !== ''; at += 1) paragraph.push(lines[at].trim());
  const text = paragraph.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > FIRST_LINE_MAX_CHARS ? `${text.slice(0, FIRST_LINE_MAX_CHARS - 1).trimEnd()}…` : text;
}
