// The offline reply classifier in the languages the offline writer added (Portuguese, Italian,
// Dutch, Polish): a lead answers in the language it was written to, so its reply must be read
// in that language too. Same shape as reply-classify.test.ts.
import { describe, expect, it } from 'vitest';
import type { ReplyClass } from '../../src/core/model/reply-classes.ts';
import { classifyReply } from '../../src/providers/ai/heuristic/reply-class.ts';

const CASES: Record<ReplyClass, Record<'pt' | 'it' | 'nl' | 'pl', string[]>> = {
  interested: {
    pt: ['Olá, tenho interesse. Envie-me mais informações, por favor.', 'Parece interessante, gostaria de saber mais.'],
    it: ['Buongiorno, mi interessa, mandatemi più informazioni.', 'Sembra interessante, vorrei saperne di più.'],
    nl: ['Klinkt interessant, stuur me meer informatie.', 'Ik ben geïnteresseerd en wil graag meer weten.'],
    pl: ['Dzień dobry, jestem zainteresowany, proszę o więcej informacji.', 'Brzmi ciekawie, chętnie dowiem się więcej.'],
  },
  meeting_request: {
    pt: ['Podemos marcar uma chamada esta semana?', 'Pode ligar-me amanhã de manhã.'],
    it: ['Possiamo sentirci giovedì?', 'Mi chiami domani mattina, per favore.'],
    nl: ['Kunnen we donderdag even bellen?', 'Bel me morgen maar even.'],
    pl: ['Czy możemy porozmawiać w czwartek? Proszę zadzwonić po 15.', 'Chętnie umówię się na rozmowę w przyszłym tygodniu.'],
  },
  question: {
    pt: ['Quanto custa um site novo?', 'Também trabalham com WordPress?'],
    it: ['Quanto costerebbe un sito nuovo?', 'Lavorate anche con Shopify?'],
    nl: ['Wat kost een nieuwe website ongeveer?', 'Werken jullie ook met WordPress?'],
    pl: ['Ile kosztuje nowa strona?', 'Czy robicie też logo?'],
  },
  not_interested: {
    pt: ['Não estamos interessados, obrigado.', 'Já temos uma agência que trata do site.'],
    it: ['No grazie, non ci interessa.', "Abbiamo già un'agenzia che segue il sito."],
    nl: ['Geen interesse, bedankt.', 'We hebben al een webbouwer.'],
    pl: ['Nie jestem zainteresowany, dziękuję.', 'Dziękujemy, już mamy firmę, która prowadzi naszą stronę.'],
  },
  unsubscribe: {
    pt: ['Por favor, removam-me da vossa lista.', 'Não me enviem mais e-mails.'],
    it: ['Non scrivetemi più, per favore.', 'Cancellatemi dalla vostra lista.'],
    nl: ['Haal mij van uw lijst, ik wil geen e-mails meer.', 'Graag uitschrijven.'],
    pl: ['Proszę usunąć mój adres z listy.', 'Nie chcę więcej otrzymywać takich wiadomości.'],
  },
  out_of_office: {
    pt: ['Estou de férias até 20 de agosto.', 'Resposta automática: estarei ausente até segunda-feira.'],
    it: ['Sono in ferie fino al 20 agosto.', 'Risposta automatica: sarò fuori ufficio fino a lunedì.'],
    nl: ['Ik ben met vakantie tot en met 20 augustus.', 'Automatisch antwoord: ik ben niet op kantoor.'],
    pl: ['Jestem na urlopie do 20 sierpnia.', 'Automatyczna odpowiedź: jestem poza biurem do poniedziałku.'],
  },
  wrong_person: {
    pt: ['Não sou a pessoa certa, deve contactar o meu sócio.', 'A Maria já não trabalha aqui.'],
    it: ['Non sono la persona giusta, dovrebbe contattare il mio socio.', 'Marco non lavora più qui.'],
    nl: ['Ik ben niet de juiste persoon, u kunt beter contact opnemen met mijn collega.', 'Jan werkt hier niet meer.'],
    pl: ['Nie zajmuję się stroną, proszę skontaktować się z szefem.', 'Pan Nowak już u nas nie pracuje.'],
  },
  bounce: {
    pt: ['Não foi possível entregar a mensagem: endereço não encontrado.', 'Mensagem não entregue ao destinatário.'],
    it: ['Impossibile recapitare il messaggio: indirizzo inesistente.', 'Messaggio non consegnato al destinatario.'],
    nl: ['Onbestelbaar: uw bericht kan niet worden bezorgd.', 'Het bericht is niet afgeleverd, adres niet gevonden.'],
    pl: ['Wiadomość nie została dostarczona: adres nie istnieje.', 'Nie można dostarczyć wiadomości do odbiorcy.'],
  },
};

describe('the heuristic reply classifier in Portuguese, Italian, Dutch and Polish', () => {
  for (const [cls, languages] of Object.entries(CASES)) {
    for (const [lang, phrases] of Object.entries(languages)) {
      it(`reads ${cls} in ${lang}`, () => {
        for (const text of phrases) {
          const answer = classifyReply({ subject: 'Re: Uma ideia', text, ourSubject: 'Uma ideia' });
          expect(answer.class, text).toBe(cls);
        }
      });
    }
  }

  it('hears thanks in these languages as a friendly question', () => {
    for (const text of ['Obrigado! Fazem também logótipos?', 'Grazie! Fate anche loghi?', 'Bedankt! Maken jullie ook logo’s?', 'Dziękuję! Czy robicie też logo?']) {
      expect(classifyReply({ subject: '', text, ourSubject: 'x' }), text).toMatchObject({ class: 'question', sentiment: 'positive' });
    }
  });
});
