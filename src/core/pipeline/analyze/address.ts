// A postal address in a page's visible text, the way a reader finds one: a locality line (a
// postcode with its town, in US, UK, Australian, Polish, Swiss/German/French/Dutch or Mexican
// form) and the street line with a house number beside or above it. A European postcode and
// town alone are too easily something else ("1998 Family owned"): they need their street.

const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/^[\s,;|–-]+|[\s,;|–-]+$/g, '').trim();

// Strong on their own: "Austin, TX 78701", "Knoxfield Vic 3180", "York YO1 8NN", "P.O. Box 22579".
const STATES = 'A[LKZR]|C[AOT]|D[EC]|FL|GA|HI|I[DLNA]|Il|K[SY]|LA|M[EDAINSOT]|N[EVHJMYCD]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[TA]|W[AVIY]';
const US_LOCALITY = new RegExp(`\\b[\\p{L}][\\p{L} .'-]{1,40}?,?\\s+(?:${STATES})\\.?,?\\s+\\d{5}(?:-\\d{4})?\\b`, 'u');
const IN_LOCALITY = /\bIndia\s*[–-]?\s*\d{3}\s?\d{3}\b/;
// Needs a street: "Rio Vista, CA" at the end of the line, with no ZIP code.
const US_TOWN = new RegExp(`\\b[\\p{L}][\\p{L} .'-]{1,40}?,\\s*(?:${STATES})\\.?$`, 'u');
const AU_LOCALITY = /\b[\p{L}][\p{L} .'-]{1,40}?\s+(?:VIC|Vic|NSW|QLD|Qld|TAS|Tas|SA|WA|NT|ACT)\s+\d{4}\b/u;
const UK_LOCALITY = /\b[\p{L}][\p{L} .'-]{1,40}?,?\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/u;
// Need a street: "44-100 Gliwice", "CH-1205 Genève", "8200 Schaffhausen", "3813 GZ Amersfoort", "CP. 88700 Reynosa".
const EU_LOCALITY = /(?:^|[\s,])((?:[A-Z]{1,2}-)?\d{2}-?\d{3}|(?:[A-Z]{1,2}-)?\d{4}(?:\s[A-Z]{2})?|(?:CP\.?\s?)\d{5})\s+\p{Lu}[\p{L}'-]+(?:\s(?:\p{Lu}[\p{L}'-]+|am|an|de|del|la|le|sur))*/u;
// A post-office box stands where the street would: "P.O. Box 22579", "CP 455", "Postfach 12".
const PO_BOX = /\b(?:P\.?\s?O\.?\s+Box|CP|Case postale|Postfach|Apartado)\s+\d+\b/i;
// A street with its house number: "585 Burwood Highway", "ul. Wozna 14/5", "Rue du Temple Neuf 11", "Calle Pekin No. 331".
const STREET =
  /(?:^|[\s,])(?:\d+(?:st|nd|rd|th)?[a-z]?(?:[–-]\d+)?,?\s+(?:[NSEW]\.?\s+)?(?:\d+(?:st|nd|rd|th)\s+)?[\p{L}][\p{L}'.-]*(?:\s[\p{L}][\p{L}'.-]*){0,4}|(?:ul\.|al\.|pl\.|os\.)?\s?\p{Lu}[\p{L}'.-]*(?:\s[\p{L}'.-]+){0,4}\s(?:No\.?\s)?\d+[a-z]?(?:\/\d+)?)\b/iu;
const NOT_ADDRESS =
  /©|copyright|all rights|reserved|wszelkie prawa|\b(?:call|phone|tel|fax|e-?mail|open|hours|price|reviews?)\b|@|https?:|www\.|\$|€|£|%|\b\d{1,2}\s?(?:am|pm)\b|days? a week/i;
// "Address:", "Dirección:", "📍" before the address itself.
const LABEL = /^(?:[^\p{L}\d]*\s*)?(?:address|adres|adresse|anschrift|direcci[oó]n|indirizzo)?\s*:?\s*/iu;

const streetIn = (text: string) => {
  const m = STREET.exec(text);
  return m && !NOT_ADDRESS.test(m[0]) ? clean(m[0]) : undefined;
};

/** The first postal address in the lines, or undefined. */
export function addressFromText(lines: string[]): string | undefined {
  // Lines often hold several items ("Rue du Temple Neuf 11 | 2000 Neuchâtel | Tél : …").
  const pieces = lines.flatMap((line) => line.split(/\s+[|•·]\s+/)).map((p) => p.replace(LABEL, '').replace(/\s+/g, ' ').trim()).filter((p) => p && p.length <= 160);
  for (const [i, piece] of pieces.entries()) {
    if (NOT_ADDRESS.test(piece) && !/\d{4,5}/.test(piece.replace(NOT_ADDRESS, ''))) continue;
    if (/©|copyright|rights reserved|wszelkie prawa/i.test(piece)) continue;
    // A town split over short lines ("San Juan Bautista," / "CA" / "95045") is read joined.
    const joined = [piece];
    if (!/\d/.test(piece)) {
      for (const next of pieces.slice(i + 1, i + 3)) {
        if (next.length > 12) break;
        joined.push(next);
      }
    }
    let text = piece;
    let strong: RegExpExecArray | null = null;
    for (let n = 1; n <= joined.length && !strong; n++) {
      text = joined.slice(0, n).join(' ');
      strong = US_LOCALITY.exec(text) ?? AU_LOCALITY.exec(text) ?? UK_LOCALITY.exec(text) ?? IN_LOCALITY.exec(text);
    }
    if (!strong) text = piece;
    const locality = strong ?? EU_LOCALITY.exec(text) ?? US_TOWN.exec(text);
    if (!locality || NOT_ADDRESS.test(locality[0])) continue;
    const end = locality.index + locality[0].length;
    const before = clean(text.slice(0, locality.index));
    const after = clean(text.slice(end));
    // The street before the town ("164 N. 10th St, Noblesville IN, 46060"), after it
    // ("78-506 Ostrowice, Chlebowo 16a"), or on the lines above (with a post-office box).
    const sameStreet = before && streetIn(before) ? before : undefined;
    const afterStreet = !sameStreet && after && after.length <= 40 && streetIn(after) ? after : undefined;
    const above: string[] = [];
    for (let k = i - 1; k >= Math.max(0, i - 3) && !sameStreet && !afterStreet; k--) {
      const line = pieces[k];
      if (line.length > 80 || NOT_ADDRESS.test(line)) break;
      const box = PO_BOX.exec(line)?.[0];
      const part = box ?? streetIn(line);
      // A line ending in a comma continues the address on the next one ("CRPF Gate, Hingna Road,").
      const continues = /,$/.test(line);
      if (!part && !continues) break;
      above.unshift(part && !continues ? part : line.replace(/,$/, ''));
      if (part && !box) break;
    }
    if (above.length && !above.some((l) => streetIn(l) || PO_BOX.test(l))) above.length = 0;
    const street = sameStreet ?? (above.length ? above.join(', ') : undefined);
    if (!street && !afterStreet && !strong) continue;
    const town = clean(text.slice(sameStreet ? locality.index : 0, end));
    return clean([street, town, afterStreet].filter(Boolean).join(', ')).slice(0, 200);
  }
  return undefined;
}
