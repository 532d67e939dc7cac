// German (Sie). After a salutation ending in a comma the next paragraph starts in lower case,
// so the openers do (the writer capitalises them if a salutation ever ends otherwise).
import { counted, decimal, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

/**
 * A name that starts with a noun takes that noun's article ("die Website der Zahnarztpraxis Frömming",
 * "des Restaurants Adler", "auf den Salon Vogel"); a compound's gender is its last part's. A name
 * that is not led by a known noun ("Dr. Daniel Neuhauser", "med&motion") has none.
 */
const FEMININE = /(?:praxis|ei|klinik|apotheke|schule|werkstatt|firma|agentur|pension|pizzeria|boutique|galerie|therapie|stiftung|gaststätte|versicherung|beratung|verwaltung|reinigung|ordination|kanzlei)$/i;
const NEUTER = /(?:restaurant|hotel|studio|caf[ée]|atelier|büro|buero|zentrum|institut|autohaus|weingut|bistro|gasthaus|geschäft|team)$/i;
const MASCULINE = /(?:salon|gasthof|laden|betrieb|service|handel|markt|hof|friseur|coiffeur)$/i;
function gender(company: string): 'f' | 'n' | 'm' | undefined {
  const first = company.trim().split(/\s+/)[0] ?? '';
  if (!/^\p{Lu}\p{Ll}/u.test(first)) return undefined;
  return FEMININE.test(first) ? 'f' : NEUTER.test(first) ? 'n' : MASCULINE.test(first) ? 'm' : undefined;
}
/** Whose: "der Zahnarztpraxis X", "des Restaurants X", "von med&motion". */
export function der(company: string): string {
  const g = gender(company);
  if (g === 'f') return `der ${company}`;
  if (!g) return `von ${company}`;
  const [first, ...rest] = company.trim().split(/\s+/);
  return `des ${first}${/[sßxz]$/.test(first) ? 'es' : 's'}${rest.length ? ` ${rest.join(' ')}` : ''}`;
}
/** "auf die Zahnarztpraxis X", "auf das Restaurant X", "auf den Salon X", "auf med&motion". */
const auf = (company: string) => ({ f: 'die ', n: 'das ', m: 'den ', none: '' })[gender(company) ?? 'none'];
const site = (s: Slots) => (s.company ? `die Website ${der(s.company)}` : 'Ihre Website');
const where = (s: Slots) => (s.city ? ` in ${s.city}` : '');
/** Who sees a problem: the business's own people when its trade says who they are ("Ihre Patienten"), in the case the sentence needs. */
const AUDIENCE = { patients: 'Patienten', clients: 'Kunden', guests: 'Gäste', customers: 'Kunden' } as const;
const AUDIENCE_DATIVE = { patients: 'Patienten', clients: 'Kunden', guests: 'Gästen', customers: 'Kunden' } as const;
// A Kita's people are the children's parents: "die Eltern", never "Ihre Eltern".
const who = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'die Eltern' : s.audience ? `Ihre ${AUDIENCE[s.audience]}` : otherwise);
const toWhom = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'den Eltern' : s.audience ? `Ihren ${AUDIENCE_DATIVE[s.audience]}` : otherwise);

export const de: Phrasebook = {
  // "Frau Bartl" where the first name says the title; else the whole name, as German writes to a
  // person whose gender it does not know ("Guten Tag Nils Schramm,"): a first name alone is too familiar beside "Sie".
  greetNamed: (name) => [`Guten Tag ${name},`],
  // "Hallo," is too casual from a stranger to a business (owners of Swiss firms said so).
  greet: ['Guten Tag,'],
  opener: (s, n) => [
    `ich bin auf ${s.company ? `${auf(s.company)}${s.company}` : 'Ihren Betrieb'}${where(s)} gestoßen und habe mir Ihre Website angesehen. ${n === 1 ? 'Dabei ist mir ein Punkt aufgefallen, über den Sie vielleicht Bescheid wissen möchten.' : 'Dabei sind mir zwei Punkte aufgefallen, über die Sie vielleicht Bescheid wissen möchten.'}`,
    `ich habe mir diese Woche ${site(s)} angesehen, und ${n === 1 ? 'eine Sache sollten Sie wissen' : 'zwei Dinge sollten Sie wissen'}.`,
    `ich schreibe Ihnen wegen ${s.company ? `der Website ${der(s.company)}` : 'Ihrer Website'}: ${n === 1 ? 'Mir ist dort etwas aufgefallen, das Sie interessieren dürfte.' : 'Mir sind dort zwei Dinge aufgefallen, die Sie interessieren dürften.'}`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Beim Aufruf Ihrer Startseite erscheint statt Ihrer Website eine Fehlerseite, sodass Interessenten gerade nicht sehen, was Sie anbieten.'
        : 'Ihre Startseite lädt nicht richtig, sodass Interessenten gerade nicht sehen, was Sie anbieten.',
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `Ihre Website läuft ohne verschlüsselte Verbindung (https), deshalb steht im Browser neben Ihrer Webadresse „Nicht sicher“ – auf genau der Seite, auf der ${who(s, 'Ihre Kunden')} auf „${s.quote}“ klicken.`
        : s.whole
          ? `Ihre Website läuft ohne verschlüsselte Verbindung (https), deshalb steht im Browser neben Ihrer Webadresse „Nicht sicher“.`
          : `Ihre Website läuft ohne verschlüsselte Verbindung (https), deshalb steht im Browser neben Ihrer Webadresse „Nicht sicher“ – ${who(s, 'alle Besucher')} sehen diese Warnung, sobald sie Ihre Website öffnen.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `Ihre Startseite zeigt dort, wo Ihre Inhalte stehen sollten, die Meldung „${s.quote}“ – ${who(s, 'Besucher')} sehen also diese Meldung statt Ihres Angebots.`
        : `Ihre Startseite zeigt dort, wo Ihre Inhalte stehen sollten, eine Fehlermeldung – ${who(s, 'Besucher')} sehen also diese Meldung statt Ihres Angebots.`,
    // The number of movies is not printed: "Part" or "Parts" is what the owner can check.
    flash_content: (v, s = {}) =>
      (s.whole
        ? `Ihre Startseite ist mit Adobe Flash erstellt, das Browser seit Jahren nicht mehr abspielen – ${who(s, 'Besucher')} sehen also nichts davon.`
        : v === 1
          ? `Ein Teil Ihrer Startseite ist mit Adobe Flash erstellt, das Browser seit Jahren nicht mehr abspielen – ${who(s, 'Besucher')} sehen diesen Teil also gar nicht mehr.`
          : `Teile Ihrer Startseite sind mit Adobe Flash erstellt, das Browser seit Jahren nicht mehr abspielen – ${who(s, 'Besucher')} sehen diese Teile also gar nicht mehr.`) + (s.quote ? ` Stattdessen zeigt die Seite ihnen diesen Satz: „${s.quote}“${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `Ihre Startseite verlinkt noch auf Ihre ${s.quote}-Seite, doch ${s.quote} wurde vor Jahren eingestellt – ${who(s, 'Besucher')}, die darauf klicken, finden dort nichts mehr von Ihnen.`
        : `Ihre Startseite verlinkt noch auf ein soziales Netzwerk, das vor Jahren eingestellt wurde – ${who(s, 'Besucher')}, die darauf klicken, finden dort nichts mehr von Ihnen.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `Ihre Startseite zeigt Programmcode als Text: „${s.quote}“. Ihr Webserver sollte ihn ausführen, nicht anzeigen – für ${who(s, 'Besucher')} wirkt die Seite dadurch fehlerhaft.`
        : s.quote
        ? `Auf Ihrer Startseite steht noch „${s.quote}“ – ein Platzhalter der Vorlage, der ersetzt werden sollte; für ${who(s, 'Besucher')} wirkt die Website dadurch unfertig.`
        : `Auf Ihrer Startseite steht noch ein Platzhalter der Vorlage, der ersetzt werden sollte; für ${who(s, 'Besucher')} wirkt die Website dadurch unfertig.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `Ihre Startseite nennt für „${s.quote}“ zwei Telefonnummern, die sich in einer Ziffer unterscheiden: „${s.quotes[0]}“ und „${s.quotes[1]}“. Ist eine davon ein Tippfehler, landet niemand, der sie wählt, bei Ihnen.`
        : `Ihre Startseite nennt für denselben Ort zwei Telefonnummern, die sich in einer Ziffer unterscheiden. Ist eine davon ein Tippfehler, landet niemand, der sie wählt, bei Ihnen.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `Der Telefon-Link „${s.quote}“ auf Ihrer Website wählt „${s.quotes[0]}“ statt der angezeigten Nummer: Wer darauf tippt, um anzurufen, erreicht diese Nummer nicht.`
        : s.quotes?.length
          ? `Ein Telefon-Link auf Ihrer Website wählt „${s.quotes[0]}“, und das ist keine Telefonnummer: Wer darauf tippt, um Sie anzurufen, erreicht Sie nicht.`
          : `Ein Telefon-Link auf Ihrer Website wählt nicht die Nummer, die er anzeigt: Wer darauf tippt, um anzurufen, erreicht diese Nummer nicht.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `Der E-Mail-Link auf Ihrer Website führt zu „${s.quote}“, und das ist keine gültige E-Mail-Adresse: Eine Nachricht über diesen Link kann Sie nicht erreichen.`
        : `Ein E-Mail-Link auf Ihrer Website führt zu einer ungültigen Adresse: Eine Nachricht über diesen Link kann Sie nicht erreichen.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `Der Titel Ihrer Startseite lautet nur „${s.quote}“, deshalb steht im Browser-Tab „${s.quote}“ statt Ihres Namens.`
        : 'Ihre Startseite hat keinen Titel: Im Browser-Tab steht deshalb nur Ihre Webadresse, und Google muss die Überschrift Ihres Suchergebnisses selbst wählen.',
    form_not_secure: (_, s = {}) =>
      `Ihr Kontaktformular steht auf einer Seite, die der Browser als „Nicht sicher“ markiert (kein https). Sobald ${who(s, 'Interessenten')} etwas eintippen, färbt Chrome diese Warnung rot – genau dann, wenn sie Kontakt aufnehmen wollen.`,
    no_viewport: (_, s = {}) => `Die Seiten sind nicht für Smartphones eingerichtet: Auf dem Handy erscheint die Desktop-Ansicht verkleinert, und ${who(s, 'Besucher')} müssen zoomen, um etwas zu lesen.`,
    no_contact_form: () => 'Auf den Seiten, die ich gesehen habe, gibt es kein Kontaktformular, also fehlt allen, die lieber schreiben als anrufen, ein schneller Weg zu Ihnen.',
    no_booking: () => 'Kunden können keinen Termin online buchen, obwohl viele das gern abends erledigen, wenn Sie schon geschlossen haben.',
    slow_home: () => 'Ihre Startseite lädt langsam, und viele Besucher springen ab, bevor sie überhaupt erscheint.',
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `Auf Ihrer Website führt der defekte Link „${s.quote}“ ins Leere, und das wirkt schnell ungepflegt.`
        : counted(
          v,
          (n) => `Auf Ihrer Website führen ${n} defekte Links ins Leere, und das wirkt schnell ungepflegt.`,
          'Auf Ihrer Website führt ein defekter Link ins Leere, und das wirkt schnell ungepflegt.',
          'Auf Ihrer Website führen defekte Links ins Leere, und das wirkt schnell ungepflegt.',
        ) + (s.quote ? ` Einer davon ist „${s.quote}“.` : ''),
    broken_images: (v) =>
      counted(
        v,
        (n) => `Auf Ihrer Website laden ${n} Bilder nicht mehr, und das wirkt schnell ungepflegt.`,
        'Auf Ihrer Website lädt ein Bild nicht mehr, und das wirkt schnell ungepflegt.',
        'Auf Ihrer Website laden einige Bilder nicht mehr, und das wirkt schnell ungepflegt.',
      ),
    certificate_expired: (_, s = {}) => `Das Zertifikat Ihrer Website ist abgelaufen, deshalb zeigen Browser ${toWhom(s, 'Besuchern')} eine ganzseitige Warnung „Nicht sicher“ statt Ihrer Seite.`,
    certificate_expiring: () => 'Das Zertifikat Ihrer Website läuft in Kürze ab; danach warnen Browser Besucher, die Seite sei „Nicht sicher“.',
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `Ihre Startseite zeigt noch einen Hinweis aus der Pandemie: „${s.quote}“${stop(s.quote)} Gilt er nicht mehr, halten ${who(s, 'Besucher')} womöglich auch den Rest der Seite für veraltet.`
        : `Ihre Startseite zeigt noch einen Hinweis aus der Pandemie. Gilt er nicht mehr, halten ${who(s, 'Besucher')} womöglich auch den Rest der Seite für veraltet.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `Das jüngste Datum auf Ihrer Startseite stammt aus dem Jahr ${v} – für ${who(s, 'Besucher')} wirkt die Website, als sei seitdem nichts mehr passiert.`
        : `Die Daten auf Ihrer Startseite sind alle Jahre alt – für ${who(s, 'Besucher')} wirkt die Website, als sei seitdem nichts mehr passiert.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `Das Copyright-Jahr in Ihrer Fußzeile ist noch ${v} – für ${who(s, 'Besucher')} wirkt die Website, als sei sie seitdem nicht mehr gepflegt worden.`
        : `In Ihrer Fußzeile steht noch ein altes Copyright-Jahr – für ${who(s, 'Besucher')} wirkt die Website, als sei sie seit Jahren nicht mehr gepflegt worden.`,
    outdated_software: () => 'Auf Ihrer Website läuft Software in Versionen, die seit Jahren keine Updates mehr bekommen und bekannte Sicherheitslücken haben.',
    search_position: (v) => (v !== null ? `Bei meiner Suche nach Ihrer Branche in Ihrer Gegend erschien Ihre Website erst auf Platz ${v}, hinter den Mitbewerbern, die zuerst angeklickt werden.` : 'Bei meiner Suche nach Ihrer Branche in Ihrer Gegend erschien Ihre Website erst hinter den Mitbewerbern, die zuerst angeklickt werden.'),
    no_ecommerce: () => 'Auf Ihrer Website kann man nicht online kaufen, und so entgehen Ihnen Verkäufe an Kunden, die nicht persönlich vorbeikommen.',
    no_analytics: () => 'Es ist keine Webanalyse eingerichtet, daher sehen Sie nicht, wie viele Menschen Ihre Seite besuchen und wo sie das Interesse verlieren.',
    images_missing_alt: (v) =>
      counted(
        v,
        (n) => `Auf Ihrer Startseite haben ${n} Bilder keinen Alternativtext, daher erkennen weder Screenreader noch Suchmaschinen, was sie zeigen.`,
        'Auf Ihrer Startseite hat ein Bild keinen Alternativtext, daher erkennen weder Screenreader noch Suchmaschinen, was es zeigt.',
        'Auf Ihrer Startseite haben einige Bilder keinen Alternativtext, daher erkennen weder Screenreader noch Suchmaschinen, was sie zeigen.',
      ),
    unoptimized_images: (v) =>
      counted(
        v,
        (n) => `Auf Ihrer Startseite haben ${n} Bilder im Code der Seite keine Breite und Höhe angegeben.`,
        'Auf Ihrer Startseite hat ein Bild im Code der Seite keine Breite und Höhe angegeben.',
        'Auf Ihrer Startseite haben einige Bilder im Code der Seite keine Breite und Höhe angegeben.',
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `Ihre Adresse leitet Besucher über ${n} Weiterleitungen, bevor die Startseite erscheint, und das verzögert den ersten Eindruck.`,
        'Ihre Adresse leitet Besucher über eine Weiterleitung, bevor die Startseite erscheint, und das verzögert den ersten Eindruck.',
        'Ihre Adresse leitet Besucher über Weiterleitungen, bevor die Startseite erscheint, und das verzögert den ersten Eindruck.',
      ),
    missing_lang: () => 'Ihre Seiten geben ihre Sprache nicht an, daher lesen Screenreader sie womöglich mit falscher Aussprache vor.',
    empty_links: (v) =>
      counted(
        v,
        (n) => `Auf Ihrer Startseite haben ${n} Links weder Text noch Beschriftung, daher wissen Screenreader-Nutzer nicht, wohin sie führen.`,
        'Auf Ihrer Startseite hat ein Link weder Text noch Beschriftung, daher wissen Screenreader-Nutzer nicht, wohin er führt.',
        'Auf Ihrer Startseite haben einige Links weder Text noch Beschriftung, daher wissen Screenreader-Nutzer nicht, wohin sie führen.',
      ),
    slow_mobile: (v) =>
      v !== null
        ? `Auf dem Smartphone braucht Ihre Startseite ${decimal(v, ',')} Sekunden, bis der Hauptinhalt zu sehen ist, und Google bewertet das als schlecht.`
        : 'Auf dem Smartphone braucht Ihre Startseite länger, bis der Hauptinhalt zu sehen ist, als Google für akzeptabel hält.',
    layout_shift: () => 'Während sich Ihre Startseite auf dem Smartphone aufbaut, verschiebt sich der Inhalt, und man tippt leicht daneben.',
    heavy_page: (v) =>
      v !== null
        ? `Ihre Startseite ist ${decimal(v, ',')} MB groß, viel zum Herunterladen auf dem Smartphone, bevor man überhaupt etwas sieht.`
        : 'Ihre Startseite ist sehr groß, viel zum Herunterladen auf dem Smartphone, bevor man überhaupt etwas sieht.',
    low_performance: (v) =>
      v !== null
        ? `Googles eigener Test, Lighthouse, gibt Ihrer Startseite auf dem Smartphone ${v} von 100 Punkten für die Geschwindigkeit.`
        : 'Googles eigener Test, Lighthouse, stuft Ihre Startseite auf dem Smartphone bei der Geschwindigkeit in den untersten Bereich ein.',
  },
  measured: ['Gemessen habe ich das mit Googles Lighthouse; denselben Test können Sie auf PageSpeed Insights selbst machen.'],
  check: {
    error_message: ['Sie können das selbst nachsehen, indem Sie Ihre Startseite öffnen.'],
    flash_content: ['Sie können das selbst nachsehen: Öffnen Sie Ihre Startseite in einem aktuellen Browser.'],
    form_not_secure: ['Sie können das selbst nachsehen: Tippen Sie in Chrome einen Buchstaben in das Formular und achten Sie auf die Stelle links neben der Webadresse.'],
    no_ssl: ['Sie können das selbst nachsehen: Öffnen Sie Ihre Website in Chrome und schauen Sie direkt links neben die Webadresse.'],
    certificate_expired: ['Sie können das selbst nachsehen, indem Sie Ihre Website in einem beliebigen Browser öffnen.'],
    no_viewport: ['Sie können das selbst nachsehen: Öffnen Sie Ihre Startseite auf dem Handy und versuchen Sie, sie zu lesen, ohne zu zoomen.'],
    stale_copyright: ['Sie können das ganz unten auf Ihrer Startseite selbst nachsehen.'],
  },
  news: { no_ssl: ['Google hat außerdem angekündigt, dass Chrome vor dem ersten Aufruf einer Website ohne https eine Warnung anzeigen wird.'] },
  report: ['Was mir aufgefallen ist, habe ich Ihnen mit Screenshots auf einer Seite zusammengestellt:'],
  value: {
    broken: ['Solange sie nicht wieder läuft, ist jeder Besuch über Google oder eine Anzeige eine verpasste Chance.'],
    one: ['Das lässt sich gezielt beheben, ganz ohne neue Website.', 'Das lässt sich beheben, ohne die Website neu zu bauen.'],
    many: ['Für keinen der beiden Punkte braucht es eine neue Website; beides lässt sich gezielt beheben.', 'Beides lässt sich beheben, ohne die Website neu zu bauen.'],
  },
  credibility: [
    'Ich baue und betreue Websites für kleine Betriebe, deshalb fallen mir solche Dinge sofort auf.',
    'Ich führe ein kleines Webdesign-Studio und helfe kleinen Betrieben genau bei solchen Aufgaben.',
  ],
  credibilityShort: ['Ich baue Websites für kleine Betriebe.'],
  padding: ['Ganz unverbindlich; ich dachte einfach, Sie möchten das wissen.'],
  call: ['Wäre ein kurzes Telefonat nächste Woche hilfreich? Dann zeige ich Ihnen, was mir aufgefallen ist.'],
  cta: [
    'Wenn es hilft, antworten Sie einfach auf diese E-Mail, und ich schicke Ihnen die Schritte, mit denen ich das beheben würde.',
    'Soll ich Ihnen kurz aufschreiben, wie ich das beheben würde?',
  ],
  followUp: {
    again: ['Ich habe Ihre Startseite diese Woche noch einmal gemessen, und das Problem, über das ich geschrieben habe, besteht weiterhin:'],
    addOne: ['kurz noch einmal zu meiner letzten Nachricht: Mir ist auf Ihrer Website noch etwas aufgefallen.'],
    nudge: ['ich wollte meine letzte Nachricht noch einmal nach oben holen, falls sie untergegangen ist.'],
    cta: ['Wenn es Ihnen hilft, antworten Sie einfach auf diese E-Mail, und ich schicke Ihnen ein paar Ideen.'],
    last: ['Das ist meine letzte Nachricht dazu, ich möchte Ihr Postfach nicht füllen. Wenn es später besser passt, antworten Sie einfach.'],
  },
  subject: {
    generic: (c) => [`Eine kurze Frage zur Website ${der(c)}`, `Die Website ${der(c)}`],
    byFinding: {
      flash_content: (c) => [`${c} und Adobe Flash`],
      form_not_secure: (c) => [`${c} und der Hinweis „Nicht sicher“`],
      site_broken: (c) => [`Ein Problem mit der Website ${der(c)}`],
      no_ssl: (c) => [`${c} und der Hinweis „Nicht sicher“`],
      no_viewport: (c) => [`${c} auf dem Handy`, `Die Website ${der(c)} auf dem Smartphone`],
      slow_mobile: (c) => [`Die Website ${der(c)} auf dem Handy`],
      layout_shift: (c) => [`Die Website ${der(c)} auf dem Handy`],
      heavy_page: (c) => [`Die Website ${der(c)} auf dem Handy`],
      low_performance: (c) => [`Die Website ${der(c)} auf dem Handy`],
      no_booking: (c) => [`Online-Buchung für ${c}`],
      phone_mismatch: (c) => [`Die Telefonnummer auf der Website ${der(c)}`],
      bad_phone_link: (c) => [`Der Telefon-Link auf der Website ${der(c)}`],
      bad_email_link: (c) => [`Der E-Mail-Link auf der Website ${der(c)}`],
    },
    unnamed: {
      no_ssl: ['Ihre Website und der Hinweis „Nicht sicher“'],
      form_not_secure: ['Ihr Kontaktformular und der Hinweis „Nicht sicher“'],
      flash_content: ['Ihre Website und Adobe Flash'],
      error_message: ['Eine Meldung auf Ihrer Startseite'],
      no_viewport: ['Ihre Website auf dem Handy'],
      phone_mismatch: ['Die Telefonnummer auf Ihrer Website'],
      bad_phone_link: ['Der Telefon-Link auf Ihrer Website'],
      bad_email_link: ['Der E-Mail-Link auf Ihrer Website'],
    },
    plain: ['Eine kurze Frage zu Ihrer Website', 'Zu Ihrer Website'],
  },
};
