// The offline reply proposal: a short acknowledgement in the lead's language, with a clearly
// marked meeting-link placeholder the operator must replace (an answer is refused while it is
// there). It says nothing it cannot know: no prices, no dates, no claims.
import { MEETING_LINK_PLACEHOLDER, type ReplyDraft, type ReplyDraftBrief } from '../../../core/model/reply-classification.ts';

type Lang = 'en' | 'es' | 'fr' | 'de';

const GREETING: Record<Lang, (name: string | null) => string> = {
  en: (n) => (n ? `Hi ${n},` : 'Hello,'),
  es: (n) => (n ? `Hola ${n}:` : 'Hola:'),
  fr: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
  de: (n) => (n ? `Hallo ${n},` : 'Guten Tag,'),
};

const THANKS: Record<Lang, string> = {
  en: 'Thank you for your reply.',
  es: 'Muchas gracias por su respuesta.',
  fr: 'Merci beaucoup pour votre réponse.',
  de: 'Vielen Dank für Ihre Antwort.',
};

const MEETING: Record<Lang, string> = {
  en: 'The easiest way to continue is a short call: you can pick a time that suits you here:',
  es: 'Lo más sencillo es una breve llamada: puede elegir el momento que mejor le venga aquí:',
  fr: 'Le plus simple est un court appel : vous pouvez choisir le moment qui vous convient ici :',
  de: 'Am einfachsten ist ein kurzes Gespräch: Hier können Sie einen passenden Termin wählen:',
};

const QUESTION: Record<Lang, string> = {
  en: 'I will answer your question properly; if it helps, we can also go through it on a short call:',
  es: 'Le responderé con detalle; si le resulta útil, también podemos verlo en una breve llamada:',
  fr: 'Je vous réponds en détail ; si cela vous aide, nous pouvons aussi en parler lors d’un court appel :',
  de: 'Ich beantworte Ihre Frage gern ausführlich; wenn es hilft, können wir das auch kurz besprechen:',
};

export function draftReply(brief: ReplyDraftBrief): ReplyDraft {
  const lang: Lang = brief.locale === 'es' || brief.locale === 'fr' || brief.locale === 'de' ? brief.locale : 'en';
  const firstName = brief.contact_name?.trim().split(/\s+/)[0] || null;
  const ask = brief.reply_class === 'question' ? QUESTION[lang] : MEETING[lang];
  const body = [GREETING[lang](firstName), '', THANKS[lang], ask, MEETING_LINK_PLACEHOLDER, '', brief.signature].join('\n');
  return { body };
}
