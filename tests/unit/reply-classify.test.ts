// The offline reply classifier on real-sounding phrasings, per class, in English, Spanish,
// French and German; and its proposal's meeting-link marker.
import { describe, expect, it } from 'vitest';
import type { ReplyClass } from '../../src/core/model/reply-classes.ts';
import { MEETING_LINK_PLACEHOLDER } from '../../src/core/model/reply-classification.ts';
import { HeuristicAi } from '../../src/providers/ai/heuristic.ts';
import { classifyReply } from '../../src/providers/ai/heuristic/reply-class.ts';
import { capRaw } from '../../src/core/replies/inbox.ts';
import { answerReferences, answerSubject } from '../../src/core/replies/answer.ts';

const CASES: Record<ReplyClass, Record<'en' | 'es' | 'fr' | 'de', string[]>> = {
  interested: {
    en: ['Sounds interesting. Can you send me more details about what you would change?', "Yes please, we're interested — what would the next steps be", 'Tell me more, our site is indeed old.'],
    es: ['Hola, me interesa. Envíeme más información por favor.', 'Suena bien, cuénteme más sobre la propuesta.'],
    fr: ['Bonjour, cela m’intéresse, envoyez-moi une proposition.', 'Volontiers, j’aimerais en savoir plus.'],
    de: ['Klingt interessant, schicken Sie mir gerne ein Angebot.', 'Ich bin interessiert und würde gerne mehr erfahren.'],
  },
  meeting_request: {
    en: ['Can we have a call on Thursday afternoon?', 'Happy to chat. Are you free next Tuesday at 10?', 'Give me a call on 555-0100 after 3pm.'],
    es: ['¿Podemos agendar una llamada esta semana?', 'Llámeme mañana por la mañana, por favor.'],
    fr: ['Pouvons-nous nous appeler jeudi ?', 'Je veux bien fixer un rendez-vous la semaine prochaine.'],
    de: ['Können wir kurz telefonieren? Rufen Sie mich gerne an.', 'Gerne, lassen Sie uns einen Termin vereinbaren.'],
  },
  question: {
    en: ['How much would a new site cost roughly?', 'Do you also do logos?'],
    es: ['¿Cuánto cuesta una página nueva?', '¿Trabajan también con WordPress?'],
    fr: ['Combien coûterait un nouveau site ?', 'Vous travaillez aussi avec Shopify ?'],
    de: ['Was kostet so eine neue Seite ungefähr?', 'Machen Sie auch Suchmaschinenoptimierung?'],
  },
  not_interested: {
    en: ['Not interested, thanks.', "We're happy with our current website.", 'No thank you, we already have an agency.'],
    es: ['No estamos interesados, gracias.', 'Ya tenemos a alguien que nos lleva la web.'],
    fr: ['Non merci, ça ne nous intéresse pas.', 'Nous avons déjà un prestataire.'],
    de: ['Kein Interesse, danke.', 'Wir sind mit unserer Seite sehr zufrieden.'],
  },
  unsubscribe: {
    en: ['Please remove me from your list.', 'Stop emailing me.', 'Do not contact us again.'],
    es: ['Por favor, denme de baja de su lista.', 'No me escriban más.'],
    fr: ['Merci de ne plus me contacter.', 'Retirez-moi de votre liste, svp.'],
    de: ['Bitte melden Sie mich ab.', 'Ich möchte keine weiteren E-Mails erhalten.'],
  },
  out_of_office: {
    en: ["I'm currently out of the office and will be back on Monday 14 July.", 'I am on annual leave with limited access to email.'],
    es: ['Estoy fuera de la oficina hasta el lunes. Volveré el 14 de julio.', 'Estaré ausente por vacaciones hasta el 20 de agosto.'],
    fr: ['Je suis actuellement absent du bureau. Je serai de retour le 14 juillet.', 'Je suis en congés jusqu’au 20 août.'],
    de: ['Ich bin bis zum 14. Juli im Urlaub und ab dem 15. Juli wieder erreichbar.', 'Vielen Dank für Ihre Nachricht. Ich bin derzeit nicht im Büro.'],
  },
  wrong_person: {
    en: ["I'm not the right person for this — you should contact our office manager, Dana.", 'Maria no longer works here.'],
    es: ['No soy la persona adecuada, debería contactar con mi socio.', 'Ya no trabaja con nosotros.'],
    fr: ['Je ne suis pas la bonne personne, contactez plutôt notre gérant.', 'Elle ne travaille plus chez nous.'],
    de: ['Dafür bin ich nicht zuständig, wenden Sie sich bitte an Herrn Kraus.', 'Frau Berg arbeitet nicht mehr bei uns.'],
  },
  bounce: {
    en: ['Delivery has failed to these recipients or groups: owner@shop.example. The email address could not be found.', 'Address not found: your message was not delivered.'],
    es: ['El mensaje no se pudo entregar: la dirección no existe.', 'Mensaje no entregado al destinatario.'],
    fr: ['Votre message n’a pas pu être remis à owner@shop.example.', 'Échec de la remise du message : adresse introuvable.'],
    de: ['Unzustellbar: Ihre Nachricht konnte nicht zugestellt werden.', 'Die Nachricht konnte nicht zugestellt werden, Empfänger unbekannt.'],
  },
};

describe('the heuristic reply classifier', () => {
  for (const [cls, languages] of Object.entries(CASES)) {
    for (const [lang, phrases] of Object.entries(languages)) {
      it(`reads ${cls} in ${lang}`, () => {
        for (const text of phrases) {
          const answer = classifyReply({ subject: 'Re: A quick idea for your website', text, ourSubject: 'A quick idea for your website' });
          expect(answer.class, text).toBe(cls);
        }
      });
    }
  }

  it('gives a sentiment that follows the class, and a reason quoting the words', () => {
    expect(classifyReply({ subject: '', text: 'Sounds great, tell me more', ourSubject: 'x' })).toMatchObject({ sentiment: 'positive', reason: expect.stringContaining('sounds great') });
    expect(classifyReply({ subject: '', text: 'Not interested.', ourSubject: 'x' }).sentiment).toBe('negative');
    expect(classifyReply({ subject: '', text: 'Thanks! Do you do logos?', ourSubject: 'x' })).toMatchObject({ class: 'question', sentiment: 'positive' });
  });

  it('does not take our own subject for their words, nor a past holiday for an out-of-office', () => {
    expect(classifyReply({ subject: 'Re: Is your site losing calls?', text: 'Yes, let us talk. Can we have a call tomorrow', ourSubject: 'Is your site losing calls?' }).class).toBe('meeting_request');
    expect(classifyReply({ subject: 'Re: hi', text: "I was out of the office last week, sorry. Sounds good, tell me more.", ourSubject: 'hi' }).class).toBe('interested');
    expect(classifyReply({ subject: 'Re: hi', text: 'Ok.', ourSubject: 'hi' })).toMatchObject({ class: 'question', reason: expect.stringContaining('no known phrasing') });
  });

  it('proposes a short answer in the lead\'s language with the meeting-link marker', async () => {
    const ai = new HeuristicAi();
    const brief = { contact_name: 'Maria Lopez', company_name: 'Shop', reply_text: 'Me interesa', reply_class: 'interested' as const, our_subject: 'x', our_body: '', signature: 'Un saludo,\nAlex' };
    const es = await ai.draftReply({ ...brief, locale: 'es' });
    expect(es.value.body).toContain('Hola Maria:');
    expect(es.value.body).toContain(MEETING_LINK_PLACEHOLDER);
    expect(es.value.body.endsWith('Un saludo,\nAlex')).toBe(true);
    expect((await ai.draftReply({ ...brief, locale: 'de', contact_name: null })).value.body).toMatch(/^Guten Tag,\n\nVielen Dank/);
    // A Swiss lead gets the German reply, which must then write no "ß" (Swiss Standard German has none).
    for (const replyClass of ['question', 'meeting_request'] as const) {
      const german = (await ai.draftReply({ ...brief, reply_class: replyClass, locale: 'de', contact_name: null })).value.body;
      expect((await ai.draftReply({ ...brief, reply_class: replyClass, locale: 'de-CH', contact_name: null })).value.body).toBe(german);
      expect(german).not.toContain('ß');
    }
  });
});

describe('what a reply keeps and how it is answered', () => {
  it('cuts the raw message at the cap, with a note, on a character boundary', () => {
    expect(capRaw('short', 100)).toBe('short');
    expect(capRaw(undefined, 100)).toBeNull();
    const cut = capRaw(`${'é'.repeat(10)}tail`, 5)!;
    expect(cut).toBe('éé\n\n[outreach: raw message cut at 5 bytes of 24]');
  });

  it('answers "Re: <their subject>" once, with References our chain then their message', () => {
    expect(answerSubject({ subject: 'RE: Re: About Shop 1', emailSubject: 'About Shop 1' })).toBe('Re: About Shop 1');
    expect(answerSubject({ subject: '', emailSubject: 'About Shop 1' })).toBe('Re: About Shop 1');
    expect(answerReferences({ emailReferences: '<a@x> <b@x>', emailMessageId: '<c@x>', messageId: '<d@y>' })).toEqual(['<a@x>', '<b@x>', '<c@x>', '<d@y>']);
    expect(answerReferences({ emailReferences: null, emailMessageId: '<c@x>', messageId: null })).toEqual(['<c@x>']);
  });
});
