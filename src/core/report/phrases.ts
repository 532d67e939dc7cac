// The report page's words in the languages the offline writer writes (the email's language:
// the page a lead opens from its email reads like the email; Portuguese, Italian, Dutch and
// Polish are in phrases-more.ts). A language without its own set gets English. Each metric
// has one plain sentence on what it means for the business's customers, said when the metric
// is outside Google's good band; inside it, one sentence says so. No sentence holds a number: the figure
// beside it is the measured one.
import type { MetricId } from '../audit/bands.ts';
import { REPORT_LANGUAGES, type ReportLanguage, type ReportPhrases } from './phrase-book.ts';
import { IT, NL, PL, PT } from './phrases-more.ts';

export { REPORT_LANGUAGES, type ReportLanguage, type ReportPhrases } from './phrase-book.ts';

const EN: ReportPhrases = {
  kicker: 'Website report',
  intro: "We measured your website's home page in a real browser, the way Google's own tools do. Every figure below was measured; nothing is estimated.",
  measuredOn: 'Measured on {date}',
  screenshots: 'How your home page looks',
  onPhone: 'On a phone',
  onDesktop: 'On a desktop',
  noScreenshot: 'No screenshot',
  numbers: 'The numbers',
  conditions: 'Measured {conditions}, with Lighthouse {version}.',
  bands: { good: 'Good', needs_improvement: 'Needs improvement', poor: 'Poor' },
  goodWord: 'good',
  poorWord: 'poor',
  thresholdBy: 'Public threshold',
  goodMeaning: "Within Google's good range: visitors won't notice a problem here.",
  metrics: {
    lcp_ms: { label: 'Main content shown (LCP)', meaning: 'Visitors wait this long before the main part of your page appears, and many leave before it does.' },
    fcp_ms: { label: 'First content shown (FCP)', meaning: 'This is how long a visitor looks at a blank screen before anything appears.' },
    cls: { label: 'Layout shift (CLS)', meaning: 'Parts of the page move while it loads, so visitors lose their place or tap the wrong thing.' },
    tbt_ms: { label: 'Time the page is blocked (TBT)', meaning: "While the page is busy, taps and clicks don't respond, so the site feels stuck." },
    speed_index_ms: { label: 'Speed Index', meaning: 'The page fills in slowly, so it feels slow even once something is showing.' },
    performance: { label: 'Performance score', meaning: 'A low score means visitors on a phone wait for your page, and some give up.' },
    accessibility: { label: 'Accessibility score', meaning: 'Some visitors, for example people with poor eyesight or who use a screen reader, will find parts of the page hard to use.' },
    best_practices: { label: 'Best-practices score', meaning: 'Lighthouse found technical problems, such as errors or outdated code, that make the page less reliable or less safe.' },
    seo: { label: 'SEO score', meaning: 'Search engines may find parts of the page hard to read, which makes it harder for customers to find you.' },
  },
  other: 'Other measurements',
  pageWeight: 'Page weight',
  imageSavings: 'Images could be smaller by',
  https: 'Secure connection (HTTPS)',
  httpsYes: 'Yes',
  httpsNo: 'No: browsers mark the page "Not secure"',
  httpsMixed: 'Yes, but some files load over plain http',
  findings: 'What we found on your site',
  findingsInEnglish: 'As our crawler recorded it (in English).',
  evidence: 'How we know',
  check: 'Check it yourself',
  checkText: "Run the same test on Google's PageSpeed Insights. Figures vary a little from one run to the next.",
  checkLink: 'Open PageSpeed Insights for your page',
  notMeasured: 'We could not measure the page: {reason}',
  preparedBy: 'Prepared for you by {name}',
  contact: 'Questions? Write to {email}',
  unsubscribeText: "Don't want to hear from us again?",
  unsubscribe: 'Unsubscribe',
  noUnsubscribe: 'To hear nothing more from us, reply to our email and say so.',
  expires: 'This page is private to you and will stop working on {date}.',
  conditionWords: { phone: 'on a phone', desktop: 'on a desktop', slow4g: 'simulated slow 4G', fast: 'simulated fast connection', devtools: 'throttled in DevTools', none: 'no throttling', oneRun: 'one lab run', medianRuns: 'the middle of {n} lab runs' },
};

const ES: ReportPhrases = {
  kicker: 'Informe de su web',
  intro: 'Hemos medido la página de inicio de su web en un navegador real, como lo hacen las herramientas de Google. Todas las cifras de abajo están medidas; nada es una estimación.',
  measuredOn: 'Medido el {date}',
  screenshots: 'Así se ve su página de inicio',
  onPhone: 'En un móvil',
  onDesktop: 'En un ordenador',
  noScreenshot: 'Sin captura',
  numbers: 'Las cifras',
  conditions: 'Medido {conditions}, con Lighthouse {version}.',
  bands: { good: 'Bueno', needs_improvement: 'Mejorable', poor: 'Malo' },
  goodWord: 'bueno',
  poorWord: 'malo',
  thresholdBy: 'Umbral público',
  goodMeaning: 'Dentro del rango bueno de Google: sus visitantes no notan ningún problema aquí.',
  metrics: {
    lcp_ms: { label: 'Contenido principal visible (LCP)', meaning: 'Sus visitantes esperan este tiempo antes de ver la parte principal de la página, y muchos se van antes.' },
    fcp_ms: { label: 'Primer contenido visible (FCP)', meaning: 'Es el tiempo que un visitante mira una pantalla en blanco antes de que aparezca algo.' },
    cls: { label: 'Movimiento de la página (CLS)', meaning: 'Partes de la página se mueven mientras carga, así que los visitantes pierden el hilo o pulsan donde no querían.' },
    tbt_ms: { label: 'Tiempo bloqueada (TBT)', meaning: 'Mientras la página está ocupada, no responde a toques ni clics, y parece que la web se ha quedado colgada.' },
    speed_index_ms: { label: 'Speed Index', meaning: 'La página se completa despacio, así que parece lenta aunque ya se vea algo.' },
    performance: { label: 'Puntuación de rendimiento', meaning: 'Una puntuación baja significa que quien entra desde el móvil espera, y algunos se cansan y se van.' },
    accessibility: { label: 'Puntuación de accesibilidad', meaning: 'Algunos visitantes, por ejemplo personas con poca vista o que usan un lector de pantalla, tendrán dificultades con partes de la página.' },
    best_practices: { label: 'Puntuación de buenas prácticas', meaning: 'Lighthouse encontró problemas técnicos, como errores o código anticuado, que hacen la página menos fiable o menos segura.' },
    seo: { label: 'Puntuación SEO', meaning: 'A los buscadores les puede costar leer partes de la página, y eso hace que sus clientes le encuentren con más dificultad.' },
  },
  other: 'Otras mediciones',
  pageWeight: 'Peso de la página',
  imageSavings: 'Las imágenes podrían pesar menos en',
  https: 'Conexión segura (HTTPS)',
  httpsYes: 'Sí',
  httpsNo: 'No: los navegadores marcan la página como «No seguro»',
  httpsMixed: 'Sí, pero algunos archivos se cargan por http sin cifrar',
  findings: 'Lo que encontramos en su web',
  findingsInEnglish: 'Tal como lo registró nuestro rastreador (en inglés).',
  evidence: 'Cómo lo sabemos',
  check: 'Compruébelo usted mismo',
  checkText: 'Haga la misma prueba en PageSpeed Insights de Google. Las cifras varían un poco de una prueba a otra.',
  checkLink: 'Abrir PageSpeed Insights para su página',
  notMeasured: 'No pudimos medir la página: {reason}',
  preparedBy: 'Preparado para usted por {name}',
  contact: '¿Preguntas? Escriba a {email}',
  unsubscribeText: '¿No quiere recibir más mensajes nuestros?',
  unsubscribe: 'Darse de baja',
  noUnsubscribe: 'Si no quiere saber más de nosotros, responda a nuestro correo y díganoslo.',
  expires: 'Esta página es privada y dejará de funcionar el {date}.',
  conditionWords: { phone: 'en un móvil', desktop: 'en un ordenador', slow4g: '4G lento simulado', fast: 'conexión rápida simulada', devtools: 'limitado en DevTools', none: 'sin limitación', oneRun: 'una prueba de laboratorio', medianRuns: 'la mediana de {n} pruebas de laboratorio' },
};

const FR: ReportPhrases = {
  kicker: 'Rapport sur votre site',
  intro: "Nous avons mesuré la page d'accueil de votre site dans un vrai navigateur, comme le font les outils de Google. Tous les chiffres ci-dessous sont mesurés ; rien n'est estimé.",
  measuredOn: 'Mesuré le {date}',
  screenshots: "Votre page d'accueil telle qu'elle s'affiche",
  onPhone: 'Sur un téléphone',
  onDesktop: 'Sur un ordinateur',
  noScreenshot: "Pas de capture d'écran",
  numbers: 'Les chiffres',
  conditions: 'Mesuré {conditions}, avec Lighthouse {version}.',
  bands: { good: 'Bon', needs_improvement: 'À améliorer', poor: 'Mauvais' },
  goodWord: 'bon',
  poorWord: 'mauvais',
  thresholdBy: 'Seuil public',
  goodMeaning: 'Dans la zone « bonne » de Google : vos visiteurs ne remarquent aucun problème ici.',
  metrics: {
    lcp_ms: { label: 'Contenu principal affiché (LCP)', meaning: "Vos visiteurs attendent ce temps avant de voir l'essentiel de la page, et beaucoup partent avant." },
    fcp_ms: { label: 'Premier contenu affiché (FCP)', meaning: "C'est le temps pendant lequel un visiteur regarde un écran vide avant que quelque chose n'apparaisse." },
    cls: { label: 'Décalage de mise en page (CLS)', meaning: "Des éléments de la page bougent pendant le chargement : vos visiteurs perdent le fil ou touchent le mauvais bouton." },
    tbt_ms: { label: 'Temps de blocage (TBT)', meaning: 'Tant que la page est occupée, elle ne réagit ni aux touchers ni aux clics, et le site semble figé.' },
    speed_index_ms: { label: 'Speed Index', meaning: "La page se remplit lentement : elle paraît lente même quand quelque chose s'affiche déjà." },
    performance: { label: 'Score de performance', meaning: 'Un score bas signifie que vos visiteurs sur téléphone attendent, et certains abandonnent.' },
    accessibility: { label: "Score d'accessibilité", meaning: "Certains visiteurs, par exemple les personnes malvoyantes ou qui utilisent un lecteur d'écran, auront du mal avec une partie de la page." },
    best_practices: { label: 'Score de bonnes pratiques', meaning: 'Lighthouse a trouvé des problèmes techniques, comme des erreurs ou du code dépassé, qui rendent la page moins fiable ou moins sûre.' },
    seo: { label: 'Score SEO', meaning: 'Les moteurs de recherche lisent mal certaines parties de la page, ce qui complique la tâche des clients qui vous cherchent.' },
  },
  other: 'Autres mesures',
  pageWeight: 'Poids de la page',
  imageSavings: 'Les images pourraient être allégées de',
  https: 'Connexion sécurisée (HTTPS)',
  httpsYes: 'Oui',
  httpsNo: 'Non : les navigateurs affichent « Non sécurisé »',
  httpsMixed: 'Oui, mais certains fichiers se chargent en http non chiffré',
  findings: 'Ce que nous avons trouvé sur votre site',
  findingsInEnglish: 'Tel que notre robot l’a noté (en anglais).',
  evidence: 'Comment nous le savons',
  check: 'Vérifiez par vous-même',
  checkText: 'Lancez le même test sur PageSpeed Insights de Google. Les chiffres varient un peu d’un test à l’autre.',
  checkLink: 'Ouvrir PageSpeed Insights pour votre page',
  notMeasured: "Nous n'avons pas pu mesurer la page : {reason}",
  preparedBy: 'Préparé pour vous par {name}',
  contact: 'Des questions ? Écrivez à {email}',
  unsubscribeText: 'Vous ne souhaitez plus recevoir nos messages ?',
  unsubscribe: 'Se désinscrire',
  noUnsubscribe: 'Pour ne plus avoir de nouvelles de nous, répondez à notre e-mail en nous le disant.',
  expires: 'Cette page vous est réservée et cessera de fonctionner le {date}.',
  conditionWords: { phone: 'sur un téléphone', desktop: 'sur un ordinateur', slow4g: '4G lente simulée', fast: 'connexion rapide simulée', devtools: 'bridé dans DevTools', none: 'sans bridage', oneRun: 'un test en laboratoire', medianRuns: 'la médiane de {n} tests en laboratoire' },
};

const DE: ReportPhrases = {
  kicker: 'Bericht zu Ihrer Website',
  intro: 'Wir haben die Startseite Ihrer Website in einem echten Browser gemessen, so wie es Googles eigene Werkzeuge tun. Alle Zahlen unten sind gemessen, nichts ist geschätzt.',
  measuredOn: 'Gemessen am {date}',
  screenshots: 'So sieht Ihre Startseite aus',
  onPhone: 'Auf dem Smartphone',
  onDesktop: 'Auf dem Computer',
  noScreenshot: 'Kein Bildschirmfoto',
  numbers: 'Die Zahlen',
  conditions: 'Gemessen {conditions}, mit Lighthouse {version}.',
  bands: { good: 'Gut', needs_improvement: 'Verbesserungswürdig', poor: 'Schlecht' },
  goodWord: 'gut',
  poorWord: 'schlecht',
  thresholdBy: 'Öffentlicher Grenzwert',
  goodMeaning: 'Im guten Bereich nach Google: Ihre Besucher merken hier kein Problem.',
  metrics: {
    lcp_ms: { label: 'Hauptinhalt sichtbar (LCP)', meaning: 'So lange warten Ihre Besucher, bis der wichtigste Teil der Seite erscheint, und viele gehen vorher.' },
    fcp_ms: { label: 'Erster Inhalt sichtbar (FCP)', meaning: 'So lange sieht ein Besucher einen leeren Bildschirm, bevor etwas erscheint.' },
    cls: { label: 'Layout-Verschiebung (CLS)', meaning: 'Teile der Seite verrutschen beim Laden, sodass Besucher die Stelle verlieren oder daneben tippen.' },
    tbt_ms: { label: 'Blockierte Zeit (TBT)', meaning: 'Solange die Seite beschäftigt ist, reagiert sie nicht auf Tippen und Klicken, und die Website wirkt hängend.' },
    speed_index_ms: { label: 'Speed Index', meaning: 'Die Seite baut sich langsam auf und wirkt träge, auch wenn schon etwas zu sehen ist.' },
    performance: { label: 'Leistungswert', meaning: 'Ein niedriger Wert bedeutet: Besucher auf dem Smartphone warten, und manche geben auf.' },
    accessibility: { label: 'Barrierefreiheit', meaning: 'Manche Besucher, etwa Menschen mit schwacher Sehkraft oder mit Screenreader, kommen mit Teilen der Seite schlecht zurecht.' },
    best_practices: { label: 'Best Practices', meaning: 'Lighthouse hat technische Probleme gefunden, etwa Fehler oder veralteten Code, die die Seite weniger zuverlässig oder weniger sicher machen.' },
    seo: { label: 'SEO-Wert', meaning: 'Suchmaschinen können Teile der Seite schlecht lesen, sodass Kunden Sie schwerer finden.' },
  },
  other: 'Weitere Messungen',
  pageWeight: 'Seitengewicht',
  imageSavings: 'Die Bilder könnten kleiner sein um',
  https: 'Sichere Verbindung (HTTPS)',
  httpsYes: 'Ja',
  httpsNo: 'Nein: Browser zeigen „Nicht sicher“ an',
  httpsMixed: 'Ja, aber einige Dateien laden über unverschlüsseltes http',
  findings: 'Was wir auf Ihrer Website gefunden haben',
  findingsInEnglish: 'So, wie unser Crawler es festgehalten hat (auf Englisch).',
  evidence: 'Woher wir es wissen',
  check: 'Prüfen Sie es selbst',
  checkText: 'Machen Sie denselben Test mit Googles PageSpeed Insights. Die Zahlen schwanken von Messung zu Messung ein wenig.',
  checkLink: 'PageSpeed Insights für Ihre Seite öffnen',
  notMeasured: 'Wir konnten die Seite nicht messen: {reason}',
  preparedBy: 'Für Sie erstellt von {name}',
  contact: 'Fragen? Schreiben Sie an {email}',
  unsubscribeText: 'Sie möchten nichts mehr von uns hören?',
  unsubscribe: 'Abmelden',
  noUnsubscribe: 'Wenn Sie nichts mehr von uns hören möchten, antworten Sie einfach auf unsere E-Mail.',
  expires: 'Diese Seite ist nur für Sie bestimmt und funktioniert bis zum {date}.',
  conditionWords: { phone: 'auf dem Smartphone', desktop: 'auf dem Computer', slow4g: 'simuliertes langsames 4G', fast: 'simulierte schnelle Verbindung', devtools: 'in DevTools gedrosselt', none: 'ohne Drosselung', oneRun: 'eine Labormessung', medianRuns: 'der Median von {n} Labormessungen' },
};

const PHRASES: Record<ReportLanguage, ReportPhrases> = { en: EN, es: ES, fr: FR, de: DE, pt: PT, it: IT, nl: NL, pl: PL };

/** The page's language for an email locale or a site language ('es', 'en-GB', 'pt-BR'): its own set, else English. */
export function reportLanguage(locale: string | null | undefined): ReportLanguage {
  const base = (locale ?? '').slice(0, 2).toLowerCase();
  return (REPORT_LANGUAGES as readonly string[]).includes(base) ? (base as ReportLanguage) : 'en';
}

export const reportPhrases = (language: ReportLanguage): ReportPhrases => PHRASES[language];

/** The one sentence on what a measured metric means for the business's customers, in its band. */
export function meaningOf(metric: MetricId, band: 'good' | 'needs_improvement' | 'poor', language: ReportLanguage): string {
  const p = PHRASES[language];
  return band === 'good' ? p.goodMeaning : p.metrics[metric].meaning;
}

/** Lighthouse's conditions ("mobile, simulated slow 4G, one lab run") in the page's words: "on a phone (simulated slow 4G, one lab run)". */
export function conditionsIn(device: 'mobile' | 'desktop', throttling: string, language: ReportLanguage): string {
  const w = PHRASES[language].conditionWords;
  const parts = throttling
    .replace(/^(mobile|desktop),\s*/, '')
    .split(/,\s*/)
    .filter(Boolean)
    .map((part) => {
      if (part === 'simulated slow 4G') return w.slow4g;
      if (part === 'simulated fast connection') return w.fast;
      if (part === 'throttled in DevTools') return w.devtools;
      if (part === 'no throttling') return w.none;
      if (part === 'one lab run') return w.oneRun;
      const runs = /^the middle of (\d+) lab runs/.exec(part);
      return runs ? w.medianRuns.replace('{n}', runs[1]) : part;
    });
  const where = device === 'mobile' ? w.phone : w.desktop;
  return parts.length ? `${where} (${parts.join(', ')})` : where;
}

/** A phrase with its {placeholders} filled. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
