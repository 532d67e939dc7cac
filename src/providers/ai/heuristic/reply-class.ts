// The offline reply classifier: ordered keyword and pattern rules for the common phrasings in
// the offline writer's languages (English, Spanish, French, German, Portuguese, Italian, Dutch
// and Polish). The first class whose patterns match wins, in an order
// that puts the unambiguous machine mail first and negations ("not interested") before the
// words they contain ("interested"). Text is compared lower-case and without accents.
import type { ReplyClassification, ReplyToClassify } from '../../../core/model/reply-classification.ts';
import type { ReplyClass, Sentiment } from '../../../core/model/reply-classes.ts';

/** Lower case, accents and typographic apostrophes removed, whitespace collapsed. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

const DAYS = '(?:monday|tuesday|wednesday|thursday|friday|tomorrow|lunes|martes|miercoles|jueves|viernes|manana|lundi|mardi|mercredi|jeudi|vendredi|demain|montag|dienstag|mittwoch|donnerstag|freitag|morgen)';

const RULES: Array<{ cls: ReplyClass; patterns: RegExp[] }> = [
  {
    cls: 'bounce',
    patterns: [
      /\b(?:undeliverable|undelivered mail|delivery (?:has )?failed|delivery status notification|could not be delivered|address not found|user unknown|no such user|mailbox (?:unavailable|not found|is full|full)|message not delivered|recipient address rejected)\b/,
      /\bno (?:se )?(?:pudo|ha podido) (?:ser )?entregar?(?:se|do)?\b|\bla direccion no existe\b|\bmensaje no entregado\b/,
      /\bnon remis\b|\bn'a pas pu etre (?:remis|distribue|livre)\b|\badresse introuvable\b|\bechec de (?:la )?(?:remise|livraison|distribution)\b/,
      /\bunzustellbar\b|\bkonnte nicht zugestellt werden\b|\bnicht zugestellt\b|\bempfanger (?:unbekannt|nicht gefunden)\b/,
      /\bnao (?:foi )?possivel entregar\b|\bmensagem nao entregue\b|\bendereco nao (?:encontrado|existe)\b|\bfalha (?:na|de) entrega\b/,
      /\bimpossibile (?:recapitare|consegnare)\b|\bmessaggio non (?:recapitato|consegnato)\b|\bindirizzo (?:non trovato|inesistente)\b|\bmancato recapito\b/,
      /\bonbestelbaar\b|\bkan niet worden (?:bezorgd|afgeleverd)\b|\bniet (?:afgeleverd|bezorgd)\b|\badres (?:niet gevonden|bestaat niet)\b/,
      /\bnie (?:mozna|uda[lł]o sie) dostarczyc\b|\bwiadomosc nie zosta[lł]a dostarczona\b|\badres nie istnieje\b|\bniedostarczon/,
    ],
  },
  {
    cls: 'out_of_office',
    patterns: [
      // Present or future only: "I was out of the office last week" is a person's reply.
      /(?:^|\n)\s*out of (?:the )?office\b|\b(?:i am|i'm|i will be|i'll be|we are|we're) (?:currently |now )?(?:out of (?:the )?office|on (?:annual |parental |maternity )?(?:leave|vacation|holiday)|away from (?:the|my) (?:office|desk)|away until)\b|\blimited access to (?:my )?e-?mail\b|\b(?:automatic|auto)[- ]?reply\b|\bwill (?:be back|return) (?:on|in|after)\b|\bback in the office on\b/,
      /\bfuera de (?:la )?oficina\b|\bde vacaciones\b|\brespuesta automatica\b|\bestare (?:ausente|fuera)\b|\bestoy (?:ausente|fuera)\b|\bvolvere (?:el|a partir)\b|\bregreso el\b/,
      /\babsente? du bureau\b|\ben conges?\b|\ben vacances\b|\breponse automatique\b|\bje serai de retour\b|\bje suis (?:actuellement )?absente?\b/,
      /\babwesenheitsnotiz\b|\bnicht im buro\b|\bim urlaub\b|\bautomatische antwort\b|\bau(?:ss|ß)er haus\b|\bbin (?:derzeit|zurzeit|aktuell|bis) .{0,40}(?:nicht|abwesend|wieder)\b|\bab dem .{0,20} wieder\b/,
      /\bfora do escritorio\b|\bde ferias\b|\bresposta automatica\b|\bestarei (?:ausente|fora)\b|\bestou (?:ausente|fora do)\b|\bregresso (?:a|no dia|dia)\b/,
      /\bfuori (?:ufficio|sede)\b|\bin ferie\b|\brisposta automatica\b|\bsaro (?:assente|fuori|di ritorno)\b|\bsono (?:assente|in ferie)\b|\brientrero\b/,
      /\bafwezigheidsmelding\b|\bniet op kantoor\b|\bop vakantie\b|\bmet vakantie\b|\bautomatisch antwoord\b|\bben (?:afwezig|tot en met)\b|\bweer aanwezig\b|\bterug op kantoor\b/,
      /\bpoza biurem\b|\bna urlopie\b|\bautomatyczna odpowiedz\b|\bjestem (?:nieobecn|poza)|\bbede (?:nieobecn|dostepn|z powrotem)/,
    ],
  },
  {
    cls: 'unsubscribe',
    patterns: [
      /\bunsubscribe\b|\bremove (?:me|us|my (?:e-?mail|address))\b|\btake (?:me|us) off\b|\bstop (?:e-?mailing|contacting|sending|writing)\b|\bdo not (?:e-?mail|contact|write to) (?:me|us)\b|\bdon't (?:e-?mail|contact|write to) (?:me|us)\b|\bopt(?:ed)?[- ]?out\b/,
      /\bd(?:ar|e|en)(?:me|nos)? de baja\b|\beliminar(?:me|nos)? de (?:su|la|vuestra) lista\b|\bno (?:me|nos) (?:escriba|contacte|envie|vuelva)n?\b|\bdej(?:e|en) de (?:escribir|enviar|contactar)\b/,
      /\bdesinscri|\bdesabonn|\bretirez[- ](?:moi|nous)\b|\bne plus (?:me |nous )?(?:contacter|recevoir|ecrire)\b|\bsupprimez (?:mon|notre) adresse\b|\bne (?:me|nous) (?:contactez|ecrivez) plus\b/,
      /\babmelden\b|\bmelden sie mich ab\b|\baustragen\b|\bkeine (?:weiteren )?(?:e-?mails|nachrichten|werbung)\b|\bnicht mehr (?:kontaktieren|anschreiben|schreiben|zu kontaktieren)\b|\baus (?:ihrem|dem) verteiler\b/,
      /\bnao (?:me|nos) (?:envie|contacte|contate|escreva)m? mais\b|\bdeix(?:e|em) de (?:me |nos )?(?:enviar|contactar|contatar|escrever)\b|\bremov(?:a|am|er)[- ](?:me|nos)\b|\b(?:cancelar|anular) (?:a )?(?:subscricao|inscricao|assinatura)\b|\bdescadastr/,
      /\bnon (?:mi|ci) (?:scriva|scrivete|contatti|contattate|inviate|mandate|scrivere|contattare) piu\b|\bnon (?:scrivetemi|contattatemi|scriveteci|contattateci) piu\b|\bcancellate(?:mi|ci)\b|\brimuovete(?:mi|ci)\b|\bdisiscriv|\bnon (?:voglio|vogliamo) piu ricevere\b/,
      /\bafmelden\b|\buitschrijven\b|\bschrijf (?:mij|me|ons) uit\b|\bverwijder (?:mij|me|ons|mijn adres|ons adres)\b|\bgeen (?:e-?mails|mails|berichten) meer\b|\bniet meer (?:mailen|e-?mailen|benaderen|contacteren)\b/,
      /\bwypisz(?:cie)? (?:mnie|nas)\b|\bwypisac\b|\busunac (?:moj|nasz|mnie|nas)\b|\busun(?:cie)? (?:mnie|nas|moj adres|nasz adres)\b|\bprosze (?:o )?(?:wypisanie|usuniecie)\b|\bnie (?:piszcie|pisac|wys[lł]ajcie|wys[lł]ac) (?:do (?:mnie|nas) )?(?:juz )?wiecej\b|\bnie (?:chce|chcemy) (?:juz )?(?:wiecej )?(?:otrzymywac|dostawac)\b/,
    ],
  },
  {
    cls: 'wrong_person',
    patterns: [
      /\bwrong (?:person|contact|address)\b|\bnot the (?:right|correct|best) (?:person|contact)\b|\byou(?:'d| should| will| may want to) (?:need to )?(?:contact|speak|talk|reach out|e-?mail|write)\b|\bno longer (?:works?|with|at|part of)\b|\b(?:i'm|i am|we are|we're) not (?:responsible|in charge)\b|\bforward(?:ed|ing)? (?:this|your (?:e-?mail|message)) to\b|\bhandles? (?:our|the) (?:website|marketing)\b/,
      /\bno soy (?:la persona|el) (?:adecuad|indicad|correct|responsable)|\bdeberia (?:contactar|escribir|hablar)\b|\bya no trabaja\b|\b(?:he )?reenviado (?:su|tu) (?:correo|mensaje|email)\b|\bno (?:me encargo|soy (?:el|la) responsable)\b/,
      /\bpas (?:la bonne|le bon) (?:personne|interlocuteur|contact)\b|\bcontactez plutot\b|\bne travaille plus\b|\bj'ai transmis\b|\bje (?:transfere|fais suivre)\b|\bne (?:m'occupe|suis pas en charge) (?:pas )?\b/,
      /\bnicht (?:der|die) (?:richtige|zustandige)n? (?:ansprechpartner|person)|\bfalsche[nr]? ansprechpartner|\bnicht zustandig\b|\bwenden sie sich (?:bitte )?an\b|\barbeitet nicht mehr\b|\bweitergeleitet\b/,
      /\bnao sou a pessoa (?:certa|indicada)\b|\bja nao trabalha\b|\bdeve (?:contactar|contatar|falar com)\b|\b(?:re)?encaminhei\b|\bnao sou (?:o|a) responsavel\b/,
      /\bnon sono la persona (?:giusta|adatta)\b|\bnon lavora piu\b|\bdovrebbe (?:contattare|scrivere a|parlare con)\b|\bho inoltrato\b|\bnon me ne occupo\b|\bnon sono (?:io )?il responsabile\b/,
      /\bniet de juiste (?:persoon|contactpersoon)\b|\bwerkt (?:hier )?niet meer\b|\bniet meer werkzaam\b|\bkunt u (?:beter )?contact opnemen met\b|\bdoorgestuurd\b|\bniet verantwoordelijk\b/,
      /\bnie jestem (?:w[lł]asciw|odpowiedni)|\bjuz (?:u nas )?nie pracuje\b|\bprosze (?:sie )?(?:skontaktowac|kontaktowac) z\b|\bprzekaza[lł](?:em|am|am to|em to)?\b|\bnie zajmuje sie\b|\bnie odpowiadam za\b/,
    ],
  },
  {
    cls: 'not_interested',
    patterns: [
      /\bnot (?:interested|looking|needed|a priority|for us|at this time|right now)\b|\bno,? thanks?\b|\bno thank you\b|\bwe(?:'re| are) (?:happy|fine|good|satisfied) with\b|\bwe already have\b|\b(?:we|i) (?:don't|do not) need\b|\bno need\b|\bwe(?:'ll| will) pass\b|\bnot interested\b/,
      /\bno (?:estamos|estoy) interesad|\bno,? gracias\b|\bya tenemos\b|\bno (?:lo )?necesitamos\b|\bno (?:me|nos) interesa\b|\bestamos (?:contentos|satisfechos) con\b/,
      /\bpas interesse|\bnon,? merci\b|\bnous avons deja\b|\bpas besoin\b|\bn[e']\s?(?:m'|nous )?interesse(?:nt)? pas\b|\bnous sommes (?:satisfaits|contents)\b/,
      /\bkein(?:en)? (?:interesse|bedarf)\b|\bnein,? danke\b|\bhaben (?:bereits|schon)\b|\bbrauchen (?:wir )?(?:keine?|nicht)\b|\bsind (?:mit .{0,40})?(?:sehr |ganz )?zufrieden\b|\bnicht interessiert\b/,
      /\bnao (?:estou|estamos) interessad|\bnao,? obrigad[oa]\b|\bja temos\b|\bnao (?:precisamos|necessitamos|preciso)\b|\bnao (?:me|nos) interessa\b|\bestamos (?:satisfeitos|contentes) com\b/,
      /\bnon (?:sono|siamo) interessat|\bno,? grazie\b|\babbiamo gia\b|\bnon (?:ci|mi) interessa\b|\bnon (?:abbiamo|ho) bisogno\b|\bsiamo (?:soddisfatti|contenti) (?:del|della|di|con)\b/,
      /\bgeen (?:interesse|behoefte)\b|\bniet geinteresseerd\b|\bnee,? dank(?:je|u)?(?: wel)?\b|\bhebben (?:al|reeds)\b|\bniet nodig\b|\bzijn (?:tevreden|blij) met\b/,
      /\bnie (?:jestem|jestesmy) zainteresowan|\bnie,? dziekuj|\bjuz mamy\b|\bnie potrzebuj|\bnie interesuje (?:mnie|nas)\b|\b(?:jestesmy|jestem) zadowolen/,
    ],
  },
  {
    cls: 'meeting_request',
    patterns: [
      new RegExp(`\\b(?:schedule|book|set up|arrange|have) a (?:quick |short )?(?:call|meeting|chat|demo)\\b|\\b(?:can|could|shall) we (?:talk|speak|meet|chat|have a call|jump on a call)\\b|\\blet's (?:talk|meet|chat|have a call|schedule)\\b|\\bare you (?:free|available)\\b|\\bwhat time (?:works|suits)\\b|\\b(?:call|ring) me\\b|\\bgive me a (?:call|ring)\\b|\\bcalendly\\b|\\b(?:free|available) (?:on |next )?${DAYS}\\b|\\bhow about ${DAYS}\\b`),
      /\b(?:agendar|programar|concertar|organizar|tener) una (?:llamada|reunion|cita|videollamada)\b|\bpodemos (?:hablar|reunirnos|quedar|vernos)\b|\bllam(?:e|a)me\b|\besta (?:usted )?disponible\b|\bque dia (?:le|te) (?:viene|va)\b/,
      /\b(?:planifier|organiser|fixer|caler|prendre) (?:un )?(?:appel|rendez-vous|rdv|echange|call)\b|\b(?:pouvons-nous|pourrions-nous|on peut|on pourrait) (?:nous |se )?(?:parler|appeler|rencontrer|voir)\b|\bappelez-moi\b|\betes-vous disponible\b/,
      /\b(?:termin|telefontermin|gesprachstermin)e? (?:vereinbaren|ausmachen)\b|\bkonnen wir (?:kurz )?(?:telefonieren|sprechen|uns treffen)\b|\brufen sie mich (?:gerne |bitte )?an\b|\bhaben sie (?:am|diese woche|nachste woche) .{0,30}zeit\b|\bein (?:kurzes )?(?:telefonat|gesprach|treffen)\b/,
      /\b(?:marcar|agendar) uma (?:chamada|reuniao|conversa)\b|\bpodemos (?:falar|conversar|reunir)|\bligue-me\b|\bligar-me\b|\bme ligar\b|\bme ligue\b|\besta disponivel\b/,
      /\b(?:fissare|organizzare|fare) (?:una )?(?:chiamata|telefonata|riunione|call)\b|\bpossiamo (?:sentirci|parlarne|vederci|fare una (?:chiamata|telefonata))\b|\bmi chiami\b|\bchiamatemi\b|\bsentiamoci\b/,
      /\b(?:afspraak|belafspraak|gesprek) (?:maken|inplannen)\b|\bkunnen we .{0,30}(?:bellen|praten|afspreken)\b|\bbel (?:mij|me)\b|\bbent u (?:beschikbaar|bereikbaar)\b|\blaten we (?:bellen|afspreken)\b/,
      /\bumow(?:ic|ie|my)(?: sie)? na (?:rozmow|spotkani|telefon)|\bmozemy (?:porozmawiac|sie spotkac|zadzwonic)\b|\bprosze o telefon\b|\bprosze zadzwonic\b|\bzadzwon(?:cie)?\b/,
    ],
  },
  {
    cls: 'interested',
    patterns: [
      /\binterested\b|\bsounds (?:good|great|interesting)\b|\btell me more\b|\bsend (?:me |us )?(?:more )?(?:info|information|details|a quote|a proposal|pricing|prices)\b|\bi'd (?:like|love) to (?:know|learn|hear|see)\b|\byes,? please\b|\bkeen\b|\bwe(?:'ve| have) been (?:meaning|thinking)\b/,
      /\b(?:me|nos) interesa\b|\binteresad[oa]s?\b|\bsuena bien\b|\bme gustaria (?:saber|recibir|ver|conocer)\b|\b(?:enviame|envieme|mandeme|mandame) (?:mas )?(?:informacion|detalles|un presupuesto)\b|\bcuent(?:a|e)me mas\b/,
      /\binteresse(?:e|s)?\b|\b(?:ca|cela) (?:m'|nous )interesse\b|\bvolontiers\b|\benvoyez-(?:moi|nous)\b|\bj'aimerais en savoir plus\b|\bavec plaisir\b/,
      /\binteresse\b|\binteressiert\b|\bklingt (?:gut|interessant|spannend)\b|\bschicken sie (?:mir|uns)\b|\bgerne mehr\b|\bmehr (?:dazu |daruber )?erfahren\b/,
      /\binteressad[oa]s?\b|\btenho interesse\b|\b(?:me|nos) interessa\b|\bparece (?:bom|interessante)\b|\b(?:envie|mande)(?:-me)? mais (?:informacoes|detalhes)\b|\bgostaria de saber mais\b/,
      /\binteressat[oai]\b|\b(?:mi|ci) interessa\b|\bsembra interessante\b|\bvorrei saperne di piu\b|\bvolentieri\b|\b(?:mi|ci) (?:mandi|invii|mandate|inviate) (?:piu )?(?:informazioni|dettagli|un preventivo)\b/,
      /\bgeinteresseerd\b|\bklinkt (?:goed|interessant)\b|\bstuur (?:mij|me|ons) (?:meer )?(?:informatie|info|details)\b|\bgraag meer\b|\bwil (?:graag )?meer weten\b/,
      /\bzainteresowan|\binteresuje (?:mnie|nas)\b|\bbrzmi (?:dobrze|ciekawie)\b|\bprosze o (?:wiecej )?(?:informacj|szczego|wycen)|\bchetnie\b/,
    ],
  },
  {
    cls: 'question',
    patterns: [/\?/, /\bhow much\b|\bwhat (?:does|would) it cost\b|\bcuanto (?:cuesta|costaria)\b|\bcombien\b|\bwas kostet\b|\bwie viel\b|\bquanto (?:custa|custaria|costa|costerebbe)\b|\bwat kost\b|\bhoeveel kost\b|\bile (?:kosztuje|by kosztowa)/],
  },
];

const POSITIVE = /\b(?:thanks?|thank you|great|gracias|genial|merci|super|danke|prima|obrigad[oa]|otimo|grazie|ottimo|bedankt|dank u|dank je|dziekuje|dzieki|swietnie)\b/;

const SENTIMENT: Record<ReplyClass, Sentiment> = {
  interested: 'positive',
  meeting_request: 'positive',
  question: 'neutral',
  not_interested: 'negative',
  unsubscribe: 'negative',
  out_of_office: 'neutral',
  wrong_person: 'neutral',
  bounce: 'neutral',
};

export function classifyReply(input: ReplyToClassify): ReplyClassification {
  // Their subject counts only when they wrote one: "Re: <our subject>" would lend them our words.
  const subject = input.subject.replace(/^(?:\s*(?:re|aw|sv|wg|tr|rv|fwd?):\s*)+/i, '').trim();
  const text = normalise(`${normalise(subject) === normalise(input.ourSubject) ? '' : subject}\n${input.text}`);
  for (const rule of RULES) {
    const hit = rule.patterns.map((re) => re.exec(text)).find(Boolean);
    if (hit) {
      const sentiment = rule.cls === 'question' && POSITIVE.test(text) ? 'positive' : SENTIMENT[rule.cls];
      return { class: rule.cls, sentiment, reason: `the reply says "${hit[0].slice(0, 80)}"` };
    }
  }
  // No known phrasing: a person wrote something we cannot place; an operator reads it.
  return { class: 'question', sentiment: 'neutral', reason: 'no known phrasing matched: read it and correct the class if needed' };
}
