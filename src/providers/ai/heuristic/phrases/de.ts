// German (Sie). After a salutation ending in a comma the next paragraph starts in lower case,
// so the openers do (the writer capitalises them if a salutation ever ends otherwise).
import { counted, type Phrasebook, type Slots } from './types.ts';

const site = (s: Slots) => (s.company ? `die Website von ${s.company}` : 'Ihre Website');
const where = (s: Slots) => (s.city ? ` in ${s.city}` : '');

export const de: Phrasebook = {
  greetNamed: (name) => [`Hallo ${name},`],
  greetTeam: () => ['Guten Tag,', 'Hallo,'],
  greetAnon: ['Guten Tag,', 'Hallo,'],
  opener: (s, n) => [
    `bei der Suche nach Betrieben${where(s)} bin ich auf ${site(s)} gestoßen, und ${n === 1 ? 'dabei ist mir ein Punkt aufgefallen, der Sie Kunden kosten könnte' : 'dabei sind mir ein paar Punkte aufgefallen, die Sie Kunden kosten könnten'}:`,
    `beim Durchsehen von Websites${where(s)} bin ich auch auf Ihre gestoßen und möchte Sie auf ${n === 1 ? 'einen Punkt' : 'ein paar Punkte'} hinweisen:`,
    `ich habe mir kürzlich ${site(s)} angesehen, und ${n === 1 ? 'mir ist etwas aufgefallen, das Sie Anfragen kosten könnte' : 'mir sind ein paar Dinge aufgefallen, die Sie Anfragen kosten könnten'}:`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Beim Aufruf Ihrer Startseite erscheint statt Ihrer Website eine Fehlerseite, sodass Interessenten gerade nicht sehen, was Sie anbieten.'
        : 'Ihre Startseite lädt nicht richtig, sodass Interessenten gerade nicht sehen, was Sie anbieten.',
    no_ssl: () => 'Ihre Website läuft ohne verschlüsselte Verbindung (https), deshalb warnt der Browser mit „Nicht sicher“, bevor Besucher ein Wort gelesen haben.',
    no_viewport: () => 'Die Seiten sind nicht für Smartphones eingerichtet: Auf dem Handy müssen Besucher zoomen, und viele springen ab, bevor sie sich melden.',
    no_contact_form: () => 'Es gibt kein Kontaktformular, also fehlt allen, die lieber schreiben als anrufen, ein einfacher Weg zu Ihnen.',
    no_booking: () => 'Kunden können keinen Termin online buchen, obwohl viele das gern abends erledigen, wenn Sie schon geschlossen haben.',
    slow_home: () => 'Ihre Startseite lädt langsam, und viele Besucher springen ab, bevor sie überhaupt erscheint.',
    broken_links: (v) =>
      counted(
        v,
        (n) => `Auf Ihrer Website führen ${n} defekte Links ins Leere, und das wirkt schnell ungepflegt.`,
        'Auf Ihrer Website führt ein defekter Link ins Leere, und das wirkt schnell ungepflegt.',
        'Auf Ihrer Website führen defekte Links ins Leere, und das wirkt schnell ungepflegt.',
      ),
    broken_images: (v) =>
      counted(
        v,
        (n) => `Auf Ihrer Website laden ${n} Bilder nicht mehr, und das wirkt schnell ungepflegt.`,
        'Auf Ihrer Website lädt ein Bild nicht mehr, und das wirkt schnell ungepflegt.',
        'Auf Ihrer Website laden einige Bilder nicht mehr, und das wirkt schnell ungepflegt.',
      ),
    certificate_expired: () => 'Das Zertifikat Ihrer Website ist abgelaufen, deshalb zeigen Browser Besuchern eine Warnung „Nicht sicher“ statt Ihrer Seite.',
    certificate_expiring: () => 'Das Zertifikat Ihrer Website läuft in Kürze ab; danach warnen Browser Besucher, die Seite sei „Nicht sicher“.',
    stale_copyright: (v) => (v !== null ? `In Ihrer Fußzeile steht noch © ${v}, und Besucher fragen sich, ob es das Geschäft noch gibt.` : 'In Ihrer Fußzeile steht noch ein altes Copyright-Jahr, und Besucher fragen sich, ob es das Geschäft noch gibt.'),
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
        (n) => `Auf Ihrer Startseite haben ${n} Bilder keine festen Maße, deshalb springt die Seite beim Aufbau hin und her.`,
        'Auf Ihrer Startseite hat ein Bild keine festen Maße, deshalb springt die Seite beim Aufbau hin und her.',
        'Auf Ihrer Startseite haben einige Bilder keine festen Maße, deshalb springt die Seite beim Aufbau hin und her.',
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
  },
  value: {
    broken: ['Solange sie nicht wieder läuft, ist jeder Besuch über die Suche oder eine Anzeige eine verpasste Chance.'],
    one: [
      'Das lässt sich gezielt beheben, und dann melden sich mehr der Menschen, die Sie ohnehin schon finden.',
      'Wenn das behoben ist, arbeitet die Website mehr für Sie und macht aus Besuchern häufiger Anfragen.',
    ],
    many: [
      'Dafür braucht es keinen kompletten Neubau, und zusammen würden diese Korrekturen mehr Besucher zu Kunden machen.',
      'Das sind überschaubare Korrekturen, und zusammen sorgen sie dafür, dass sich mehr Interessenten bei Ihnen melden.',
    ],
  },
  credibility: [
    'Ich baue und betreue Websites für kleine Betriebe, deshalb fallen mir solche Dinge sofort auf.',
    'Ich führe ein kleines Webdesign-Studio und helfe lokalen Betrieben genau bei solchen Aufgaben.',
  ],
  padding: [
    'Ganz unverbindlich; ich dachte einfach, Sie möchten das wissen.',
    'Die meisten Besucher entscheiden sehr schnell, ob sie sich melden, deshalb zählen auf einer Startseite auch kleine Details.',
  ],
  cta: [
    'Hätten Sie nächste Woche Zeit für ein kurzes Telefonat? Dann zeige ich Ihnen, was mir aufgefallen ist.',
    'Wenn es hilft, schicke ich Ihnen gern eine kurze schriftliche Zusammenfassung meiner Vorschläge. Antworten Sie einfach auf diese E-Mail.',
    'Soll ich Ihnen ein Beispiel schicken, wie eine überarbeitete Startseite aussehen könnte?',
  ],
  none: {
    opener: (s) => [
      `ich bin auf ${s.company ?? 'Ihren Betrieb'}${where(s)} aufmerksam geworden und möchte mich kurz vorstellen.`,
      `bei der Suche nach Betrieben${where(s)} habe ich ${site(s)} gefunden und wollte mich kurz melden.`,
    ],
    body: [
      'Ich baue und betreue Websites für kleine Betriebe und helfe ihnen, aus mehr Besuchern echte Kunden zu machen.',
      'Auf Ihrer Website ist mir nichts Dringendes aufgefallen, deshalb melde ich mich einfach kurz.',
      'Falls irgendwann eine Frage zu Ihrer Website aufkommt, von einer kleinen Änderung bis zu einem neuen Auftritt, bin ich gern Ihr Ansprechpartner.',
    ],
    cta: [
      'Wenn das für Sie interessant klingt, antworten Sie einfach auf diese E-Mail, und wir finden einen Zeitpunkt für ein Gespräch.',
      'Darf ich mir Ihre Website in Ruhe ansehen und Ihnen ein paar ehrliche Anregungen schicken?',
    ],
    padding: ['Ganz unverbindlich, und danke fürs Lesen.', 'In jedem Fall wünsche ich Ihnen eine gute Saison.'],
  },
  followUp: {
    addOne: ['kurz noch einmal zu meiner letzten Nachricht: Mir ist auf Ihrer Website noch etwas aufgefallen.'],
    nudge: ['ich wollte meine letzte Nachricht noch einmal nach oben holen, falls sie untergegangen ist.'],
    cta: ['Wenn es Ihnen hilft, antworten Sie einfach auf diese E-Mail, und ich schicke Ihnen ein paar Ideen.'],
    last: ['Das ist meine letzte Nachricht dazu, ich möchte Ihr Postfach nicht füllen. Wenn es später besser passt, antworten Sie einfach.'],
  },
  subject: {
    generic: (c) => [`Eine kurze Frage zur Website von ${c}`, `Eine Idee für ${c}`, `Die Website von ${c}`],
    byFinding: {
      site_broken: (c) => [`Ein Problem mit der Website von ${c}`],
      no_ssl: (c) => [`${c} und der Hinweis „Nicht sicher“`],
      no_viewport: (c) => [`${c} auf dem Handy`, `Die Website von ${c} auf dem Smartphone`],
      no_booking: (c) => [`Online-Buchung für ${c}`],
    },
    none: (c) => [`Ein kurzes Hallo an ${c}`, `Kurze Vorstellung für ${c}`],
    plain: ['Eine kurze Frage zu Ihrer Website', 'Eine Idee für Ihre Website'],
  },
};
