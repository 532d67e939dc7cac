// The offline reply proposal: a short acknowledgement in the lead's language, with a clearly
// marked meeting-link placeholder the operator must replace (an answer is refused while it is
// there). It says nothing it cannot know: no prices, no dates, no claims.
import { MEETING_LINK_PLACEHOLDER, type ReplyDraft, type ReplyDraftBrief } from '../../../core/model/reply-classification.ts';

type Lang = 'en' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'nl' | 'pl';

const GREETING: Record<Lang, (name: string | null) => string> = {
  en: (n) => (n ? `Hi ${n},` : 'Hello,'),
  es: (n) => (n ? `Hola ${n}:` : 'Hola:'),
  fr: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
  de: (n) => (n ? `Hallo ${n},` : 'Guten Tag,'),
  pt: (n) => (n ? `Olá ${n},` : 'Olá,'),
  it: (n) => (n ? `Buongiorno ${n},` : 'Buongiorno,'),
  nl: (n) => (n ? `Beste ${n},` : 'Goedendag,'),
  // A Polish greeting would decline the name (and show the reader's sex): "Dzień dobry," is polite either way.
  pl: () => 'Dzień dobry,',
};

const THANKS: Record<Lang, string> = {
  en: 'Thank you for your reply.',
  es: 'Muchas gracias por su respuesta.',
  fr: 'Merci beaucoup pour votre réponse.',
  de: 'Vielen Dank für Ihre Antwort.',
  pt: 'Agradeço a sua resposta.',
  it: 'Grazie mille per la risposta.',
  nl: 'Hartelijk dank voor uw reactie.',
  pl: 'Dziękuję za odpowiedź.',
};

const MEETING: Record<Lang, string> = {
  en: 'The easiest way to continue is a short call: you can pick a time that suits you here:',
  es: 'Lo más sencillo es una breve llamada: puede elegir el momento que mejor le venga aquí:',
  fr: 'Le plus simple est un court appel : vous pouvez choisir le moment qui vous convient ici :',
  de: 'Am einfachsten ist ein kurzes Gespräch: Hier können Sie einen passenden Termin wählen:',
  pt: 'O mais simples é uma conversa curta: pode escolher aqui o horário que for mais conveniente:',
  it: "Il modo più semplice è una breve telefonata: potete scegliere qui l'orario che preferite:",
  nl: 'Het makkelijkst is een kort gesprek: hier kunt u een moment kiezen dat u goed uitkomt:',
  pl: 'Najprościej będzie krótko porozmawiać: tutaj można wybrać dogodny moment:',
};

const QUESTION: Record<Lang, string> = {
  en: 'I will answer your question properly; if it helps, we can also go through it on a short call:',
  es: 'Le responderé con detalle; si le resulta útil, también podemos verlo en una breve llamada:',
  fr: 'Je vous réponds en détail ; si cela vous aide, nous pouvons aussi en parler lors d’un court appel :',
  de: 'Ich beantworte Ihre Frage gern ausführlich; wenn es hilft, können wir das auch kurz besprechen:',
  pt: 'Vou responder com calma à sua pergunta; se for útil, também podemos falar sobre isso numa conversa curta:',
  it: 'Rispondo con calma alla vostra domanda; se vi è utile, possiamo anche parlarne in una breve telefonata:',
  nl: 'Ik beantwoord uw vraag graag uitgebreid; als het helpt, kunnen we het ook kort telefonisch bespreken:',
  pl: 'Chętnie odpowiem wyczerpująco; jeśli to pomoże, możemy też omówić to w krótkiej rozmowie:',
};

export function draftReply(brief: ReplyDraftBrief): ReplyDraft {
  const lang = brief.locale.slice(0, 2) as Lang;
  const firstName = brief.contact_name?.trim().split(/\s+/)[0] || null;
  const ask = brief.reply_class === 'question' ? QUESTION[lang] : MEETING[lang];
  // A Swiss lead gets the German text, which writes no "ß" (Swiss Standard German has none).
  const body = [GREETING[lang](firstName), '', THANKS[lang], ask, MEETING_LINK_PLACEHOLDER, '', brief.signature].join('\n');
  return { body };
}
