// French (vous). A narrow no-break space goes before ":" "?" and "!" as French typography wants.
import { counted, type Phrasebook, type Slots } from './types.ts';

const NB = '\u202f';
const site = (s: Slots) => (s.company ? `le site de ${s.company}` : 'votre site');
const where = (s: Slots) => (s.city ? ` à ${s.city}` : '');

export const fr: Phrasebook = {
  greetNamed: (name) => [`Bonjour ${name},`],
  greetTeam: (company) => ['Bonjour,', `Bonjour à l'équipe de ${company},`],
  greetAnon: ['Bonjour,', 'Madame, Monsieur,'],
  opener: (s, n) => [
    `En cherchant des entreprises${where(s)}, j'ai découvert ${site(s)}, et ${n === 1 ? 'un point pourrait vous coûter des clients' : 'quelques points pourraient vous coûter des clients'}${NB}:`,
    `J'ai pris le temps de regarder ${site(s)} et je voulais vous signaler ${n === 1 ? 'un point' : 'quelques points'}${NB}:`,
    `J'ai visité ${site(s)}, et ${n === 1 ? "un détail m'a frappé" : "quelques détails m'ont frappé"}${NB}:`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? "En ouvrant votre page d'accueil, j'obtiens une page d'erreur au lieu de votre site, si bien que ceux qui vous cherchent en ce moment ne voient pas ce que vous proposez."
        : "Votre page d'accueil ne charge pas, si bien que ceux qui vous cherchent en ce moment ne voient pas ce que vous proposez.",
    no_ssl: () => `Votre site n'utilise pas de connexion sécurisée (https)${NB}: le navigateur affiche «${NB}Non sécurisé${NB}» avant même que le visiteur ait lu une ligne.`,
    no_viewport: () => `Le site n'est pas adapté aux mobiles${NB}: sur un smartphone, il faut zoomer pour lire, et beaucoup de visiteurs partent avant de vous contacter.`,
    no_contact_form: () => `Il n'y a pas de formulaire de contact${NB}: les personnes qui préfèrent écrire plutôt qu'appeler n'ont aucun moyen simple de vous joindre.`,
    no_booking: () => 'Vos clients ne peuvent pas prendre rendez-vous en ligne, alors que beaucoup aimeraient le faire le soir, une fois vos portes fermées.',
    slow_home: () => "Votre page d'accueil est lente à s'afficher, et beaucoup de visiteurs abandonnent avant de la voir.",
    broken_links: (v) =>
      counted(
        v,
        (n) => `Sur votre site, ${n} liens cassés ne mènent nulle part, ce qui donne une impression de site laissé à l'abandon.`,
        "Sur votre site, un lien cassé ne mène nulle part, ce qui donne une impression de site laissé à l'abandon.",
        "Sur votre site, des liens cassés ne mènent nulle part, ce qui donne une impression de site laissé à l'abandon.",
      ),
    broken_images: (v) =>
      counted(
        v,
        (n) => `Sur votre site, ${n} images cassées ne s'affichent plus, ce qui donne une impression de site laissé à l'abandon.`,
        "Sur votre site, une image cassée ne s'affiche plus, ce qui donne une impression de site laissé à l'abandon.",
        "Sur votre site, des images cassées ne s'affichent plus, ce qui donne une impression de site laissé à l'abandon.",
      ),
    certificate_expired: () => `Le certificat de sécurité de votre site a expiré${NB}: les navigateurs affichent un avertissement « Non sécurisé » à la place de votre site.`,
    certificate_expiring: () => `Le certificat de sécurité de votre site expire bientôt${NB}; ensuite, les navigateurs signaleront le site comme « Non sécurisé ».`,
    stale_copyright: (v) => (v !== null ? `Votre pied de page indique encore © ${v}, ce qui fait douter que l'entreprise soit toujours en activité.` : `Votre pied de page affiche encore une ancienne année de copyright, ce qui fait douter que l'entreprise soit toujours en activité.`),
    outdated_software: () => 'Votre site utilise des versions de logiciels qui ne sont plus mises à jour depuis des années, avec des failles de sécurité connues.',
    search_position: (v) => (v !== null ? `En cherchant votre métier dans votre secteur, votre site n'est apparu qu'en position ${v}, derrière les concurrents sur lesquels on clique en premier.` : `En cherchant votre métier dans votre secteur, votre site est apparu derrière les concurrents sur lesquels on clique en premier.`),
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
        (n) => `Sur votre page d'accueil, ${n} images n'ont pas de dimensions définies, si bien que la page bouge pendant son affichage.`,
        "Sur votre page d'accueil, une image n'a pas de dimensions définies, si bien que la page bouge pendant son affichage.",
        "Sur votre page d'accueil, des images n'ont pas de dimensions définies, si bien que la page bouge pendant son affichage.",
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `Votre adresse fait passer les visiteurs par ${n} redirections avant d'afficher la page d'accueil, ce qui retarde la première impression.`,
        "Votre adresse fait passer les visiteurs par une redirection avant d'afficher la page d'accueil, ce qui retarde la première impression.",
        "Votre adresse fait passer les visiteurs par des redirections avant d'afficher la page d'accueil, ce qui retarde la première impression.",
      ),
    missing_lang: () => `Vos pages n'indiquent pas leur langue${NB}: les lecteurs d'écran risquent de les lire avec la mauvaise prononciation.`,
    empty_links: (v) =>
      counted(
        v,
        (n) => `Sur votre page d'accueil, ${n} liens n'ont ni texte ni libellé${NB}: les personnes qui utilisent un lecteur d'écran ne savent pas où ils mènent.`,
        `Sur votre page d'accueil, un lien n'a ni texte ni libellé${NB}: les personnes qui utilisent un lecteur d'écran ne savent pas où il mène.`,
        `Sur votre page d'accueil, des liens n'ont ni texte ni libellé${NB}: les personnes qui utilisent un lecteur d'écran ne savent pas où ils mènent.`,
      ),
  },
  value: {
    broken: ["Tant qu'il n'est pas rétabli, chaque visite venue d'une recherche ou d'une publicité est une occasion perdue."],
    one: [
      "C'est une correction ciblée, et elle aiderait davantage de personnes qui vous trouvent déjà à vous contacter.",
      'Le corriger ferait mieux travailler votre site pour vous et transformerait plus de visites en demandes.',
    ],
    many: [
      "Rien de tout cela n'exige de refaire le site, et ces corrections transformeraient plus de visiteurs en clients.",
      "Ce sont des corrections ciblées, et ensemble elles aident les personnes qui vous trouvent déjà à passer à l'action.",
    ],
  },
  credibility: [
    'Je crée et améliore des sites pour les petites entreprises, ce sont donc des choses que je remarque tout de suite.',
    "Je dirige un petit studio de création de sites et j'aide les entreprises locales sur ce genre de travail.",
  ],
  padding: [
    'Aucune obligation, bien sûr\u202f; je me suis simplement dit que vous aimeriez le savoir.',
    "La plupart des visiteurs décident très vite s'ils vont vous contacter, alors les petits détails comptent.",
  ],
  cta: [
    `Seriez-vous disponible pour un court appel la semaine prochaine${NB}? Je vous montrerais ce que j'ai relevé.`,
    `Si cela vous aide, je peux vous envoyer un court résumé écrit des corrections que je propose${NB}: il suffit de répondre à cet e-mail.`,
    `Voulez-vous que je vous prépare un exemple de page d'accueil remise au goût du jour${NB}?`,
  ],
  none: {
    opener: (s) => [
      `J'ai découvert ${s.company ?? 'votre entreprise'}${where(s)} et je souhaitais me présenter.`,
      `En cherchant des entreprises${where(s)}, j'ai trouvé ${site(s)} et je voulais vous dire bonjour.`,
    ],
    body: [
      'Je crée et entretiens des sites pour les petites entreprises, et je les aide à transformer en clients les personnes qui les trouvent sur internet.',
      "Rien ne m'a paru urgent sur votre site : c'est simplement une prise de contact.",
      "Si une question sur votre site se pose un jour, d'une petite modification à une nouvelle présentation, j'aurais plaisir à être la personne à qui la poser.",
    ],
    cta: [
      'Si cela vous semble utile, répondez simplement à cet e-mail et nous trouverons un moment pour en parler.',
      `Accepteriez-vous que je regarde votre site de plus près et que je vous envoie quelques idées honnêtes${NB}?`,
    ],
    padding: ["Aucune obligation, et merci de m'avoir lu.", 'Dans tous les cas, je vous souhaite une très bonne saison.'],
  },
  followUp: {
    addOne: ["Je reviens vers vous avec un autre point que j'ai remarqué sur votre site :"],
    nudge: ["Je me permets de remonter mon message précédent, au cas où il se serait perdu dans votre boîte."],
    cta: ['Si cela vous intéresse, répondez simplement à cet e-mail et je vous envoie quelques idées.'],
    last: ["C'est mon dernier message à ce sujet, je ne veux pas encombrer votre boîte. Si le moment est mieux choisi plus tard, il suffit de répondre."],
  },
  subject: {
    generic: (c) => [`Une question sur le site de ${c}`, `Une idée pour ${c}`, `Le site de ${c}`],
    byFinding: {
      site_broken: (c) => [`Un problème avec le site de ${c}`],
      no_ssl: (c) => [`${c} et l'alerte «${NB}Non sécurisé${NB}»`],
      no_viewport: (c) => [`${c} sur mobile`, `Le site de ${c} sur smartphone`],
      no_booking: (c) => [`La réservation en ligne pour ${c}`],
    },
    none: (c) => [`Un petit bonjour à ${c}`, `Présentation à l'équipe de ${c}`],
    plain: ['Une question sur votre site', 'Une idée pour votre site'],
  },
};
