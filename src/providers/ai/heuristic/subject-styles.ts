// Subjects in the A/B-test styles (src/core/model/ab-test.ts) for the offline writer. Like the
// phrasebook, a subject about a finding uses that finding's topic words (so the claim checker sees
// what it states) and is only offered for a lead with that finding; the others name nothing about
// the site. `finding` is the writer's usual subject, so only `question` and `name` live here.
import type { EmailLocale, FindingId } from '../../../core/model/analysis.ts';
import { der } from './phrases/de.ts';
import { theSite } from './phrases/en.ts';
import { di } from './phrases/it.ts';
import { de as dePt } from './phrases/pt.ts';
import type { SubjectStyle } from '../../../core/model/ab-test.ts';

interface StyleBook {
  byFinding: Partial<Record<FindingId, (company: string) => string>>;
  /** A company and findings this style has no sentence for. */
  generic: (company: string) => string[];
  /** A company, nothing to cite. */
  /** No company name to use. */
  plain: string[];
}

type Language = 'en' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'nl' | 'pl';

const QUESTION: Record<Language, StyleBook> = {
  en: {
    byFinding: {
      no_ssl: (c) => `Have you seen the "Not secure" warning on ${c}?`,
      no_viewport: (c) => `Is ${c} easy to use on phones?`,
      no_booking: (c) => `Could clients book ${c} online?`,
      site_broken: (c) => `Is something wrong with ${theSite(c)}?`,
    },
    generic: (c) => [`Open to an idea for ${theSite(c)}?`, `Can I share an idea for ${c}?`],
    plain: ['Open to an idea for your website?', 'Can I share an idea for your website?'],
  },
  es: {
    byFinding: {
      no_ssl: (c) => `¿Ha visto el aviso de sitio no seguro en ${c}?`,
      no_viewport: (c) => `¿Es fácil usar la web de ${c} en el móvil?`,
      no_booking: (c) => `¿Y si sus clientes pudieran reservar en ${c} por internet?`,
      site_broken: (c) => `¿Pasa algo con la web de ${c}?`,
    },
    generic: (c) => [`¿Le interesa una idea para la web de ${c}?`, `¿Puedo compartir una idea con ${c}?`],
    plain: ['¿Le interesa una idea para su web?'],
  },
  fr: {
    byFinding: {
      no_ssl: (c) => `Avez-vous vu l'alerte « Non sécurisé » sur ${c} ?`,
      no_viewport: (c) => `Le site de ${c} est-il facile à utiliser sur mobile ?`,
      no_booking: (c) => `Et si vos clients pouvaient réserver chez ${c} en ligne ?`,
      site_broken: (c) => `Un souci avec le site de ${c} ?`,
    },
    generic: (c) => [`Une idée pour le site de ${c} ?`, `Puis-je partager une idée avec ${c} ?`],
    plain: ['Une idée pour votre site ?'],
  },
  de: {
    byFinding: {
      no_ssl: (c) => `Kennen Sie den Hinweis „Nicht sicher“ bei ${c}?`,
      no_viewport: (c) => `Ist die Website ${der(c)} auf dem Handy gut zu bedienen?`,
      no_booking: (c) => `Könnten Ihre Kunden bei ${c} online buchen?`,
      site_broken: (c) => `Stimmt etwas mit der Website ${der(c)} nicht?`,
    },
    generic: (c) => [`Eine Idee für die Website ${der(c)}?`, `Darf ich ${c} eine Idee zeigen?`],
    plain: ['Eine Idee für Ihre Website?'],
  },
  pt: {
    byFinding: {
      no_ssl: (c) => `Já viu o aviso "Não seguro" no site ${dePt(c)}?`,
      no_viewport: (c) => `O site ${dePt(c)} funciona bem no smartphone?`,
      no_booking: (c) => `E se os clientes pudessem agendar online com ${c}?`,
      site_broken: (c) => `Há algum problema com o site ${dePt(c)}?`,
    },
    generic: (c) => [`Uma ideia para o site ${dePt(c)}?`, `Posso sugerir uma ideia a ${c}?`],
    plain: ['Uma ideia para o seu site?'],
  },
  it: {
    byFinding: {
      no_ssl: (c) => `Avete visto l'avviso "Non sicuro" su ${c}?`,
      no_viewport: (c) => `Il sito ${di(c)} si usa bene da smartphone?`,
      no_booking: (c) => `E se i clienti potessero prenotare online da ${c}?`,
      site_broken: (c) => `C'è un problema con il sito ${di(c)}?`,
    },
    generic: (c) => [`Un'idea per il sito ${di(c)}?`, `Posso proporre un'idea a ${c}?`],
    plain: ["Un'idea per il vostro sito?"],
  },
  nl: {
    byFinding: {
      no_ssl: (c) => `Kent u de melding "Niet veilig" bij ${c}?`,
      no_viewport: (c) => `Werkt de website van ${c} goed op mobiel?`,
      no_booking: (c) => `Wat als klanten online een afspraak bij ${c} konden maken?`,
      site_broken: (c) => `Is er iets mis met de website van ${c}?`,
    },
    generic: (c) => [`Een idee voor de website van ${c}?`, `Mag ik ${c} een idee voorleggen?`],
    plain: ['Een idee voor uw website?'],
  },
  pl: {
    byFinding: {
      no_ssl: (c) => `Czy widzieli Państwo ostrzeżenie „Niezabezpieczona” przy ${c}?`,
      no_viewport: (c) => `Czy strona firmy ${c} dobrze działa na smartfonie?`,
      no_booking: (c) => `A gdyby klienci mogli rezerwować w ${c} online?`,
      site_broken: (c) => `Czy coś jest nie tak ze stroną firmy ${c}?`,
    },
    generic: (c) => [`Pomysł na stronę firmy ${c}?`, `Czy mogę podsunąć pomysł dla ${c}?`],
    plain: ['Pomysł na Państwa stronę?'],
  },
};

const NAME: Record<Language, StyleBook> = {
  en: {
    byFinding: {
      no_ssl: (c) => `${c}: the "Not secure" warning`,
      no_viewport: (c) => `${c}: your website on phones`,
      no_booking: (c) => `${c}: online booking`,
      site_broken: (c) => `${c}: a problem with your website`,
    },
    generic: (c) => [`${c}: an idea for your website`, `${c}, a note about your website`],
    plain: ['Your website: a quick idea'],
  },
  es: {
    byFinding: {
      no_ssl: (c) => `${c}: el aviso de sitio no seguro`,
      no_viewport: (c) => `${c}: su web en el móvil`,
      no_booking: (c) => `${c}: reservas por internet`,
      site_broken: (c) => `${c}: un problema con su web`,
    },
    generic: (c) => [`${c}: una idea para su web`],
    plain: ['Su web: una idea'],
  },
  fr: {
    byFinding: {
      no_ssl: (c) => `${c} : l'alerte « Non sécurisé »`,
      no_viewport: (c) => `${c} : votre site sur mobile`,
      no_booking: (c) => `${c} : la réservation en ligne`,
      site_broken: (c) => `${c} : un problème avec votre site`,
    },
    generic: (c) => [`${c} : une idée pour votre site`],
    plain: ['Votre site : une idée'],
  },
  de: {
    byFinding: {
      no_ssl: (c) => `${c}: der Hinweis „Nicht sicher“`,
      no_viewport: (c) => `${c}: Ihre Website auf dem Handy`,
      no_booking: (c) => `${c}: Online-Buchung`,
      site_broken: (c) => `${c}: ein Problem mit Ihrer Website`,
    },
    generic: (c) => [`${c}: eine Idee für Ihre Website`],
    plain: ['Ihre Website: eine Idee'],
  },
  pt: {
    byFinding: {
      no_ssl: (c) => `${c}: o aviso "Não seguro"`,
      no_viewport: (c) => `${c}: o seu site no smartphone`,
      no_booking: (c) => `${c}: agendamento online`,
      site_broken: (c) => `${c}: um problema com o site`,
    },
    generic: (c) => [`${c}: uma ideia para o seu site`],
    plain: ['O seu site: uma ideia'],
  },
  it: {
    byFinding: {
      no_ssl: (c) => `${c}: l'avviso "Non sicuro"`,
      no_viewport: (c) => `${c}: il vostro sito su smartphone`,
      no_booking: (c) => `${c}: prenotazioni online`,
      site_broken: (c) => `${c}: un problema con il sito`,
    },
    generic: (c) => [`${c}: un'idea per il vostro sito`],
    plain: ["Il vostro sito: un'idea"],
  },
  nl: {
    byFinding: {
      no_ssl: (c) => `${c}: de melding "Niet veilig"`,
      no_viewport: (c) => `${c}: uw website op mobiel`,
      no_booking: (c) => `${c}: online afspraken maken`,
      site_broken: (c) => `${c}: een probleem met uw website`,
    },
    generic: (c) => [`${c}: een idee voor uw website`],
    plain: ['Uw website: een idee'],
  },
  pl: {
    byFinding: {
      no_ssl: (c) => `${c}: ostrzeżenie „Niezabezpieczona”`,
      no_viewport: (c) => `${c}: strona na smartfonie`,
      no_booking: (c) => `${c}: rezerwacje online`,
      site_broken: (c) => `${c}: problem ze stroną`,
    },
    generic: (c) => [`${c}: pomysł na stronę`],
    plain: ['Państwa strona: pomysł'],
  },
};

const BOOKS: Record<Exclude<SubjectStyle, 'finding'>, Record<Language, StyleBook>> = { question: QUESTION, name: NAME };

/**
 * The subject options in a style: the one about the email's lead finding when the style has it,
 * else the generic ones. `fits` says which a subject line can carry (length, no digits).
 */
export function styledSubjects(style: Exclude<SubjectStyle, 'finding'>, locale: EmailLocale, company: string | undefined, lead: FindingId | undefined, fits: (s: string) => boolean): string[] {
  const book = BOOKS[style][locale.slice(0, 2) as Language] ?? BOOKS[style].en;
  if (!company) return book.plain;
  const about = lead ? book.byFinding[lead]?.(company) : undefined;
  if (about && fits(about)) return [about];
  const named = book.generic(company).filter(fits);
  return named.length ? named : book.plain;
}
