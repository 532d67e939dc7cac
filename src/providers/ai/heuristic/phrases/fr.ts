// French (vous). A narrow no-break space goes before ":" "?" and "!" as French typography wants.
import { counted, decimal, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

const NB = '\u202f';
// A name that starts with what the business is takes that noun's article: "le Cabinet Dentaire
// Margaux", "la Boulangerie Martin", "l'Espace Thérapie" ("J'ai découvert Cabinet Dentaire…" is
// not French).
const MASCULINE = /^(?:cabinet|restaurant|salon|garage|studio|centre|bureau|caf[ée]|bar|spa|magasin|domaine|comptoir|bistrot?|laboratoire)\s/i;
const FEMININE = /^(?:boulangerie|p[âa]tisserie|pharmacie|clinique|maison|boutique|librairie|fromagerie|boucherie|brasserie|cr[èe]che|ferme|menuiserie|agence|fiduciaire|pizzeria)\s/i;
const ELIDED = /^(?:atelier|h[ôo]tel|institut|auberge|[ée]cole|[ée]picerie|espace|[ée]tude|office)\s/i;
/** "le Cabinet Dentaire Margaux", "l'Espace Thérapie"; any other name as it stands ("Novak Dental"). */
export const named = (name: string): string => (MASCULINE.test(name) ? `le ${name}` : FEMININE.test(name) ? `la ${name}` : ELIDED.test(name) ? `l'${name}` : name);
/** "de Novak", "d'Espace Beauté", "du Petit Bistro", "du Cabinet Margaux", "des Jardins": French elision and contraction before a name. */
export const de = (raw: string): string => {
  const name = named(raw);
  if (/^le\s/i.test(name)) return `du ${name.slice(3)}`;
  if (/^les\s/i.test(name)) return `des ${name.slice(4)}`;
  if (/^(?:la\s|l')/i.test(name)) return `de ${name}`;
  return /^[aeiouyhàâäéèêëîïôöùûüœ]/i.test(name) ? `d'${name}` : `de ${name}`;
};
const site = (s: Slots) => (s.company ? `le site ${de(s.company)}` : 'votre site');
const where = (s: Slots) => (s.city ? ` à ${s.city}` : '');
/** Who sees a problem, as the owner of the trade says it: a hotel's or a restaurant's guests are its "clients" too. */
const PEOPLE: Record<Exclude<Slots['audience'], 'parents' | undefined>, string> = { patients: 'patients', clients: 'clients', guests: 'clients', customers: 'clients' };
/** "vos patients" (or `otherwise`, "les visiteurs"). */
const who = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'les parents' : s.audience ? `vos ${PEOPLE[s.audience]}` : otherwise);
/** "à vos patients" (or `otherwise`, "aux visiteurs"). */
const toWho = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'aux parents' : s.audience ? `à vos ${PEOPLE[s.audience]}` : otherwise);

export const fr: Phrasebook = {
  // A doctor is written to as "Docteur" in full: "Bonjour Docteur Lefèvre,".
  greetNamed: (name) => [`Bonjour ${name.replace(/^Dra?\.\s/, 'Docteur ')},`],
  greet: ['Bonjour,'],
  greetTrade: { Dental: ['Bonjour Docteur,'], Legal: ['Bonjour Maître,'] },
  opener: (s, n) => [
    `J'ai découvert ${s.company ? named(s.company) : 'votre entreprise'}${where(s)} et regardé votre site. ${n === 1 ? 'Un point a retenu mon attention et pourrait vous intéresser.' : 'Deux points ont retenu mon attention et pourraient vous intéresser.'}`,
    `J'ai regardé ${site(s)} cette semaine, et ${n === 1 ? 'un point mérite votre attention' : 'deux points méritent votre attention'}.`,
    // "En parcourant les sites d'entreprises" read as a mass mailing to owners: say why one writes.
    `Je vous écris au sujet ${s.company ? `du site ${de(s.company)}` : 'de votre site'}${NB}: ${n === 1 ? "j'y ai remarqué une chose que vous aimeriez sans doute savoir." : "j'y ai remarqué deux choses que vous aimeriez sans doute savoir."}`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? "En ouvrant votre page d'accueil, j'obtiens une page d'erreur au lieu de votre site, si bien que ceux qui vous cherchent en ce moment ne voient pas ce que vous proposez."
        : "Votre page d'accueil ne charge pas, si bien que ceux qui vous cherchent en ce moment ne voient pas ce que vous proposez.",
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `Votre site n'utilise pas de connexion sécurisée (https)${NB}: les navigateurs affichent «${NB}Non sécurisé${NB}» à côté de votre adresse, sur la page même où ${who(s, 'vos clients')} cliquent sur «${NB}${s.quote}${NB}».`
        : s.whole
          ? `Votre site n'utilise pas de connexion sécurisée (https)${NB}: les navigateurs affichent «${NB}Non sécurisé${NB}» à côté de votre adresse.`
          : `Votre site n'utilise pas de connexion sécurisée (https)${NB}: les navigateurs affichent «${NB}Non sécurisé${NB}» à côté de votre adresse, et ${who(s, 'tous les internautes')} voient cet avertissement dès qu'ils ouvrent votre site.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `Votre page d'accueil affiche le message «${NB}${s.quote}${NB}» à la place de son contenu${NB}: ${who(s, 'les visiteurs')} voient cela au lieu de ce que vous proposez.`
        : `Votre page d'accueil affiche un message d'erreur à la place de son contenu${NB}: ${who(s, 'les visiteurs')} voient cela au lieu de ce que vous proposez.`,
    // The number of movies is not printed: "Part" or "Parts" is what the owner can check.
    flash_content: (v, s = {}) =>
      (s.whole
        ? `Votre page d'accueil est réalisée en Adobe Flash, que les navigateurs ne lisent plus depuis des années${NB}: ${who(s, 'les visiteurs')} n'en voient donc rien.`
        : v === 1
          ? `Une partie de votre page d'accueil est réalisée en Adobe Flash, que les navigateurs ne lisent plus depuis des années${NB}: ${who(s, 'les visiteurs')} ne la voient donc plus du tout.`
          : `Des parties de votre page d'accueil sont réalisées en Adobe Flash, que les navigateurs ne lisent plus depuis des années${NB}: ${who(s, 'les visiteurs')} ne les voient donc plus du tout.`) + (s.quote ? ` À la place, la page leur montre cette phrase${NB}: «${NB}${s.quote}${NB}»${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `Votre page d'accueil renvoie encore vers votre page ${s.quote}, alors que ${s.quote} a fermé il y a des années${NB}: ${who(s, 'les visiteurs')} qui cliquent dessus n'y trouvent plus rien de vous.`
        : `Votre page d'accueil renvoie encore vers un réseau social fermé il y a des années${NB}: ${who(s, 'les visiteurs')} qui cliquent dessus n'y trouvent plus rien de vous.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `Votre page d'accueil affiche du code informatique en texte${NB}: «${NB}${s.quote}${NB}». Votre serveur devait l'exécuter, pas l'afficher${NB}: pour ${who(s, 'les visiteurs')}, le site semble en panne.`
        : s.quote
        ? `Votre page d'accueil affiche encore «${NB}${s.quote}${NB}», un texte du modèle qui devait être remplacé${NB}: pour ${who(s, 'les visiteurs')}, le site paraît inachevé.`
        : `Votre page d'accueil affiche encore un texte du modèle qui devait être remplacé${NB}: pour ${who(s, 'les visiteurs')}, le site paraît inachevé.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `Votre page d'accueil donne pour «${NB}${s.quote}${NB}» deux numéros de téléphone qui ne diffèrent que d'un chiffre${NB}: «${NB}${s.quotes[0]}${NB}» et «${NB}${s.quotes[1]}${NB}». Si l'un des deux est erroné, quiconque le compose ne peut pas vous joindre.`
        : `Votre page d'accueil donne pour un même lieu deux numéros de téléphone qui ne diffèrent que d'un chiffre. Si l'un des deux est erroné, quiconque le compose ne peut pas vous joindre.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `Le lien téléphonique «${NB}${s.quote}${NB}» de votre site compose le «${NB}${s.quotes[0]}${NB}», et non le numéro qu'il affiche${NB}: qui appuie dessus pour appeler n'obtient pas ce numéro.`
        : s.quotes?.length
          ? `Un lien téléphonique de votre site compose «${NB}${s.quotes[0]}${NB}», qui n'est pas un numéro de téléphone${NB}: qui appuie dessus pour vous appeler ne peut pas vous joindre.`
          : `Un lien téléphonique de votre site compose un autre numéro que celui qu'il affiche${NB}: qui appuie dessus pour appeler n'obtient pas ce numéro.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `Le lien e-mail de votre site mène à «${NB}${s.quote}${NB}», qui n'est pas une adresse e-mail valide${NB}: un message envoyé depuis ce lien ne peut pas vous parvenir.`
        : `Un lien e-mail de votre site mène à une adresse non valide${NB}: un message envoyé depuis ce lien ne peut pas vous parvenir.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `Le titre de votre page d'accueil est simplement «${NB}${s.quote}${NB}»${NB}: l'onglet du navigateur affiche «${NB}${s.quote}${NB}» au lieu de votre nom.`
        : `Votre page d'accueil n'a pas de titre${NB}: l'onglet du navigateur n'affiche que votre adresse web, et Google doit choisir lui-même le titre de votre résultat de recherche.`,
    form_not_secure: (_, s = {}) =>
      `Votre formulaire de contact est sur une page que les navigateurs marquent «${NB}Non sécurisé${NB}» (pas de https). Dès que ${who(s, 'les internautes')} y tapent quelque chose, Chrome passe cet avertissement au rouge, juste au moment de vous contacter.`,
    no_viewport: (_, s = {}) => `Le site n'est pas adapté aux mobiles${NB}: sur un smartphone, il s'affiche en version ordinateur réduite, et ${who(s, 'les visiteurs')} doivent zoomer pour lire.`,
    no_contact_form: () => `Les pages que j'ai consultées n'ont pas de formulaire de contact${NB}: les personnes qui préfèrent écrire plutôt qu'appeler n'ont aucun moyen rapide de vous joindre.`,
    no_booking: () => 'Vos clients ne peuvent pas prendre rendez-vous en ligne, alors que beaucoup aimeraient le faire le soir, une fois vos portes fermées.',
    slow_home: () => "Votre page d'accueil est lente à s'afficher, et beaucoup de visiteurs abandonnent avant de la voir.",
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `Sur votre site, le lien cassé «${NB}${s.quote}${NB}» ne mène nulle part, ce qui donne une impression de site laissé à l'abandon.`
        : counted(
          v,
          (n) => `Sur votre site, ${n} liens cassés ne mènent nulle part, ce qui donne une impression de site laissé à l'abandon.`,
          "Sur votre site, un lien cassé ne mène nulle part, ce qui donne une impression de site laissé à l'abandon.",
          "Sur votre site, des liens cassés ne mènent nulle part, ce qui donne une impression de site laissé à l'abandon.",
        ) + (s.quote ? ` L'un d'eux est «${NB}${s.quote}${NB}».` : ''),
    broken_images: (v) =>
      counted(
        v,
        (n) => `Sur votre site, ${n} images cassées n'apparaissent plus, ce qui donne une impression de site laissé à l'abandon.`,
        "Sur votre site, une image cassée n'apparaît plus, ce qui donne une impression de site laissé à l'abandon.",
        "Sur votre site, des images cassées n'apparaissent plus, ce qui donne une impression de site laissé à l'abandon.",
      ),
    certificate_expired: (_, s = {}) => `Le certificat de sécurité de votre site a expiré${NB}: les navigateurs montrent ${toWho(s, 'aux visiteurs')} un avertissement «${NB}Non sécurisé${NB}» en pleine page, à la place de votre site.`,
    certificate_expiring: () => `Le certificat de sécurité de votre site expire bientôt${NB}; ensuite, les navigateurs signaleront le site comme « Non sécurisé ».`,
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `Votre page d'accueil affiche encore un avis datant de la pandémie${NB}: «${NB}${s.quote}${NB}»${stop(s.quote)} S'il ne s'applique plus, ${who(s, 'les visiteurs')} risquent de croire que le reste du site n'est plus à jour non plus.`
        : `Votre page d'accueil affiche encore un avis datant de la pandémie. S'il ne s'applique plus, ${who(s, 'les visiteurs')} risquent de croire que le reste du site n'est plus à jour non plus.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `La date la plus récente de votre page d'accueil remonte à ${v}${NB}: pour ${who(s, 'les visiteurs')}, il semble ne plus rien s'être passé depuis.`
        : `Les dates de votre page d'accueil ont toutes plusieurs années${NB}: pour ${who(s, 'les visiteurs')}, il semble ne plus rien s'être passé depuis.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `L'année du copyright dans votre pied de page est toujours ${v}${NB}: pour ${who(s, 'les visiteurs')}, le site semble ne plus avoir été mis à jour depuis.`
        : `Votre pied de page affiche encore une ancienne année de copyright${NB}: pour ${who(s, 'les visiteurs')}, le site semble ne plus avoir été mis à jour depuis des années.`,
    outdated_software: () => 'Votre site utilise des versions de logiciels qui ne sont plus mises à jour depuis des années, avec des failles de sécurité connues.',
    search_position: (v) => (v !== null ? `Lors d'une recherche de votre métier dans votre secteur, votre site n'est apparu qu'en position ${v}, derrière les concurrents sur lesquels on clique en premier.` : `Lors d'une recherche de votre métier dans votre secteur, votre site est apparu derrière les concurrents sur lesquels on clique en premier.`),
    no_ecommerce: () => `Sur votre site, on ne peut pas acheter en ligne${NB}: les ventes auprès des clients qui ne passent pas en boutique vous échappent.`,
    no_analytics: () => `Aucun outil de mesure d'audience n'est installé${NB}: impossible de savoir combien de personnes visitent le site ni à quel moment elles décrochent.`,
    images_missing_alt: (v) =>
      counted(
        v,
        (n) => `Sur votre page d'accueil, ${n} images n'ont pas de texte alternatif${NB}: ni les lecteurs d'écran ni les moteurs de recherche ne savent ce qu'elles montrent.`,
        `Sur votre page d'accueil, une image n'a pas de texte alternatif${NB}: ni les lecteurs d'écran ni les moteurs de recherche ne savent ce qu'elle montre.`,
        `Sur votre page d'accueil, des images n'ont pas de texte alternatif${NB}: ni les lecteurs d'écran ni les moteurs de recherche ne savent ce qu'elles montrent.`,
      ),
    unoptimized_images: (v) =>
      counted(
        v,
        (n) => `Sur votre page d'accueil, ${n} images n'ont ni largeur ni hauteur indiquées dans le code de la page.`,
        "Sur votre page d'accueil, une image n'a ni largeur ni hauteur indiquées dans le code de la page.",
        "Sur votre page d'accueil, des images n'ont ni largeur ni hauteur indiquées dans le code de la page.",
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `Votre adresse fait passer les visiteurs par ${n} redirections avant d'afficher la page d'accueil, ce qui retarde la première impression.`,
        "Votre adresse fait passer les visiteurs par une redirection avant d'afficher la page d'accueil, ce qui retarde la première impression.",
        "Votre adresse fait passer les visiteurs par des redirections avant d'afficher la page d'accueil, ce qui retarde la première impression.",
      ),
    missing_lang: () => `Vos pages n'indiquent pas leur langue${NB}: un lecteur d'écran risque de les lire avec la mauvaise prononciation.`,
    empty_links: (v) =>
      counted(
        v,
        (n) => `Sur votre page d'accueil, ${n} liens n'ont ni texte ni libellé${NB}: les personnes qui utilisent un lecteur d'écran ne savent pas où ils mènent.`,
        `Sur votre page d'accueil, un lien n'a ni texte ni libellé${NB}: les personnes qui utilisent un lecteur d'écran ne savent pas où il mène.`,
        `Sur votre page d'accueil, des liens n'ont ni texte ni libellé${NB}: les personnes qui utilisent un lecteur d'écran ne savent pas où ils mènent.`,
      ),
    slow_mobile: (v) =>
      v !== null
        ? `Sur smartphone, votre page d'accueil met ${decimal(v, ',')} secondes à afficher son contenu principal, un délai que Google classe comme médiocre.`
        : `Sur smartphone, votre page d'accueil met plus de temps à afficher son contenu principal que Google ne le juge acceptable.`,
    layout_shift: () => `Pendant l'ouverture de votre page d'accueil sur smartphone, le contenu se déplace, et l'on appuie facilement au mauvais endroit.`,
    heavy_page: (v) =>
      v !== null
        ? `Votre page d'accueil pèse ${decimal(v, ',')} Mo, beaucoup à télécharger sur un smartphone avant de voir quoi que ce soit.`
        : `Votre page d'accueil est très lourde, beaucoup à télécharger sur un smartphone avant de voir quoi que ce soit.`,
    low_performance: (v) =>
      v !== null
        ? `Le test de Google lui-même, Lighthouse, donne à votre page d'accueil la note de ${v} sur 100 pour la vitesse sur smartphone.`
        : `Le test de Google lui-même, Lighthouse, classe votre page d'accueil dans sa tranche la plus basse pour la vitesse sur smartphone.`,
  },
  measured: [`Je l'ai mesuré avec Lighthouse, l'outil de test de Google${NB}: vous pouvez refaire le même test sur PageSpeed Insights.`],
  check: {
    error_message: ["Vous pouvez le vérifier vous-même en ouvrant votre page d'accueil."],
    flash_content: [`Vous pouvez le vérifier vous-même${NB}: ouvrez votre page d'accueil dans n'importe quel navigateur récent.`],
    form_not_secure: [`Vous pouvez le vérifier${NB}: tapez une lettre dans le formulaire sous Chrome et regardez à gauche de l'adresse.`],
    no_ssl: [`Vous pouvez le vérifier vous-même${NB}: ouvrez votre site dans Chrome et regardez juste à gauche de l'adresse.`],
    certificate_expired: ["Vous pouvez le vérifier vous-même en ouvrant votre site dans n'importe quel navigateur."],
    no_viewport: [`Vous pouvez le vérifier vous-même${NB}: ouvrez votre page d'accueil sur votre téléphone et essayez de la lire sans zoomer.`],
    stale_copyright: ["Vous pouvez le vérifier vous-même tout en bas de votre page d'accueil."],
  },
  news: { no_ssl: ["Google a par ailleurs annoncé que Chrome affichera un avertissement avant d'ouvrir pour la première fois un site sans https."] },
  report: [`J'ai réuni ce que j'ai relevé, avec des captures d'écran, sur une seule page${NB}:`],
  value: {
    broken: ["Tant qu'il n'est pas rétabli, chaque visite venue de Google ou d'une publicité est une occasion perdue."],
    one: ["C'est une correction ciblée qui ne demande pas de nouveau site.", 'Cela se corrige sans refaire le site.'],
    many: [`Aucun des deux ne demande de nouveau site${NB}; ce sont des corrections ciblées.`, 'Les deux se corrigent sans refaire le site.'],
  },
  credibility: [
    'Je crée et améliore des sites pour les petites entreprises, ce sont donc des choses que je remarque tout de suite.',
    "Je dirige un petit studio de création de sites et j'aide les petites entreprises sur ce genre de travail.",
  ],
  credibilityShort: ['Je crée des sites pour les petites entreprises.'],
  padding: [`Aucune obligation, bien sûr${NB}; je me suis simplement dit que vous aimeriez le savoir.`],
  call: [`Un court appel la semaine prochaine vous serait-il utile${NB}? Je vous montrerais ce que j'ai relevé.`],
  cta: [
    // "Si cela vous aide" read as English to French owners, "e-mail" as France's to a Quebecer ("courriel"): a "message" is both's.
    'Si vous le souhaitez, répondez simplement à ce message et je vous enverrai les étapes que je suivrais pour corriger cela.',
    `Voulez-vous que je vous envoie une courte note sur la façon dont je corrigerais cela${NB}?`,
  ],
  followUp: {
    again: ["J'ai mesuré de nouveau votre page d'accueil cette semaine, et le problème dont je vous parlais est toujours là\u00a0:"],
    addOne: ["Je reviens vers vous avec un autre point que j'ai remarqué sur votre site :"],
    nudge: ["Je me permets de remonter mon message précédent, au cas où il se serait perdu dans votre boîte."],
    cta: ['Si cela vous intéresse, répondez simplement à ce message et je vous envoie quelques idées.'],
    last: ["C'est mon dernier message à ce sujet, je ne veux pas encombrer votre boîte. Si le moment est mieux choisi plus tard, il suffit de répondre."],
  },
  subject: {
    generic: (c) => [`Une question sur le site ${de(c)}`, `Le site ${de(c)}`],
    byFinding: {
      flash_content: (c) => [`${c} et Adobe Flash`],
      form_not_secure: (c) => [`${c} et l'alerte «${NB}Non sécurisé${NB}»`],
      site_broken: (c) => [`Un problème avec le site ${de(c)}`],
      no_ssl: (c) => [`${c} et l'alerte «${NB}Non sécurisé${NB}»`],
      no_viewport: (c) => [`${c} sur mobile`, `Le site ${de(c)} sur smartphone`],
      slow_mobile: (c) => [`Le site ${de(c)} sur smartphone`],
      layout_shift: (c) => [`Le site ${de(c)} sur smartphone`],
      heavy_page: (c) => [`Le site ${de(c)} sur smartphone`],
      low_performance: (c) => [`Le site ${de(c)} sur smartphone`],
      no_booking: (c) => [`La réservation en ligne pour ${c}`],
      phone_mismatch: (c) => [`Le numéro de téléphone sur le site ${de(c)}`],
      bad_phone_link: (c) => [`Le lien téléphonique sur le site ${de(c)}`],
      bad_email_link: (c) => [`Le lien e-mail sur le site ${de(c)}`],
    },
    unnamed: {
      no_ssl: [`Votre site et l'alerte «${NB}Non sécurisé${NB}»`],
      form_not_secure: [`Votre formulaire et l'alerte «${NB}Non sécurisé${NB}»`],
      flash_content: ['Votre site et Adobe Flash'],
      error_message: ["Un message sur votre page d'accueil"],
      no_viewport: ['Votre site sur mobile'],
      phone_mismatch: ['Le numéro de téléphone sur votre site'],
      bad_phone_link: ['Le lien téléphonique sur votre site'],
      bad_email_link: ['Le lien e-mail sur votre site'],
    },
    plain: ['Une question sur votre site', 'À propos de votre site'],
  },
};
