// Portuguese as Brazil writes it, with European Portuguese made from it by `european` (pt-PT): the
// owner is addressed in the third person ("o seu site", "pode"), never with você or tu, and words
// only one side uses (telemóvel/celular, contacto/contato, equipa/equipe) are left out. Where no
// neutral word exists the Brazilian one is written ("conexão", "navegador", "leitor de tela") and
// `european` says it as Portugal does: a Portuguese owner read those as a Brazilian's note.
import { counted, decimal, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

/**
 * "da IR Contabilidade", "da Vidraçaria Kibox", "do Hotel Gloria", "das Tintas Três Irmãos": a name
 * takes the article of the noun it starts with (an acronym stands for "a empresa"), a name that
 * starts with an article contracts it ("O Palhaço Azul": "do Palhaço Azul"); a name that shows
 * neither keeps "de".
 */
const MASCULINE = /^(?:restaurante|hotel|sal[ãa]o|st[uú]dio|est[úu]dio|escrit[óo]rio|consult[óo]rio|centro|instituto|atelier|ateli[êe]|bar|caf[ée]|grupo|laborat[óo]rio|posto|supermercado|mercado|armaz[ée]m|dep[óo]sito|col[ée]gio|hostel|spa|espa[çc]o|lar|jardim|infant[áa]rio|externato)$/i;
const FEMININE_PLURAL = /^(?:tintas|flores|doces|del[íi]cias|artes|malhas|ra[çc][õo]es|pe[çc]as|ferragens|bebidas|massas|carnes|frutas|confec[çc][õo]es)$/i;
const MASCULINE_PLURAL = /^(?:servi[çc]os|transportes|m[óo]veis|vidros|artigos|produtos|materiais|sabores|pneus|perfumes|cal[çc]ados|acabamentos)$/i;
const CONTRACTED: Record<string, string> = { o: 'do', a: 'da', os: 'dos', as: 'das' };
export function de(company: string): string {
  const [first = '', ...rest] = company.trim().split(/\s+/);
  const article = CONTRACTED[first.toLowerCase()];
  if (article && rest.length > 0 && /^\p{Lu}/u.test(first)) return `${article} ${rest.join(' ')}`;
  if (FEMININE_PLURAL.test(first)) return `das ${company}`;
  if (MASCULINE_PLURAL.test(first)) return `dos ${company}`;
  if (MASCULINE.test(first) || /\p{Ll}o$/u.test(first)) return `do ${company}`;
  if (/^\p{Lu}{2,}$/u.test(first) || /\p{Ll}(?:a|dade|ção|gem)$/u.test(first)) return `da ${company}`;
  return `de ${company}`;
}
const site = (s: Slots) => (s.company ? `o site ${de(s.company)}` : 'o seu site');

/** Brazil's words, as Portugal says them. */
const EUROPEAN: [RegExp, string][] = [
  [/\bconexão\b/g, 'ligação'],
  [/\bnavegadores\b/g, 'browsers'],
  [/\bnavegador\b/g, 'browser'],
  [/\bem uma\b/g, 'numa'],
  [/\bem um\b/g, 'num'],
  [/\baté a\b/g, 'até à'],
  [/\bde tela\b/g, 'de ecrã'],
];
export const european = (text: string): string => EUROPEAN.reduce((out, [re, to]) => out.replace(re, to), text);
const where = (s: Slots) => (s.city ? ` em ${s.city}` : '');
/**
 * Who sees a problem, as the owner of that trade calls them: a clinic's "pacientes"; a salon's,
 * a lawyer's, a restaurant's, a hotel's and a shop's people are all "clientes" on both sides of
 * the Atlantic ("hóspedes" would not fit a restaurant).
 */
const PEOPLE: Record<NonNullable<Slots['audience']>, string> = { patients: 'os seus pacientes', clients: 'os seus clientes', guests: 'os seus clientes', customers: 'os seus clientes', parents: 'os pais' };
// A place to stay calls its guests "hóspedes"; a restaurant's are still "clientes".
const who = (s: Slots, otherwise: string) => (s.audience === 'guests' && s.industry === 'Lodging' ? 'os seus hóspedes' : s.audience ? PEOPLE[s.audience] : otherwise);
/** The same after "a" (to): "aos seus pacientes", "aos visitantes", "às pessoas". */
const toWhom = (s: Slots, otherwise: string) => who(s, otherwise).replace(/^os /, 'aos ').replace(/^as /, 'às ');

export const pt: Phrasebook = {
  greetNamed: (name) => [`Olá ${name},`, `Bom dia ${name},`],
  greet: ['Bom dia,', 'Olá,'],
  opener: (s, n) => [
    `Encontrei ${s.company ?? 'a sua empresa'}${where(s)} e visitei o seu site. ${n === 1 ? 'Há um ponto que talvez lhe interesse.' : 'Há dois pontos que talvez lhe interessem.'}`,
    `Esta semana visitei ${site(s)} e ${n === 1 ? 'há uma coisa que vale a pena saber' : 'há duas coisas que vale a pena saber'}.`,
    // "Ao procurar empresas" reads as a mass mailing: say why one writes.
    `Escrevo a respeito ${s.company ? `do site ${de(s.company)}` : 'do seu site'}: ${n === 1 ? 'notei uma coisa que talvez queira saber.' : 'notei duas coisas que talvez queira saber.'}`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Ao abrir a sua página inicial, aparece uma página de erro em vez do site, por isso quem procura a empresa neste momento não consegue ver o que ela oferece.'
        : 'A sua página inicial não carrega, por isso quem procura a empresa neste momento não consegue ver o que ela oferece.',
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `O seu site não usa uma conexão segura (https), por isso o navegador mostra o aviso "Não seguro" ao lado do endereço, na mesma página onde ${who(s, 'os seus clientes')} clicam em "${s.quote}".`
        : s.whole
          ? `O seu site não usa uma conexão segura (https), por isso o navegador mostra o aviso "Não seguro" ao lado do endereço.`
          : `O seu site não usa uma conexão segura (https), por isso o navegador mostra o aviso "Não seguro" ao lado do endereço, e ${who(s, 'todas as pessoas')} veem esse aviso assim que abrem o seu site.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `A sua página inicial mostra a mensagem "${s.quote}" no lugar do conteúdo, por isso quem a abre vê isso em vez do que a empresa oferece.`
        : `A sua página inicial mostra uma mensagem de erro no lugar do conteúdo, por isso quem a abre vê isso em vez do que a empresa oferece.`,
    // The number of movies is not printed: "Part" or "Parts" is what the owner can check.
    flash_content: (v, s = {}) =>
      (s.whole
        ? `A sua página inicial foi feita em Adobe Flash, que os navegadores deixaram de reproduzir há anos, por isso ${who(s, 'as pessoas')} não veem nada dela.`
        : v === 1
          ? `Uma parte da sua página inicial foi feita em Adobe Flash, que os navegadores deixaram de reproduzir há anos, por isso ${who(s, 'as pessoas')} já não a veem.`
          : `Algumas partes da sua página inicial foram feitas em Adobe Flash, que os navegadores deixaram de reproduzir há anos, por isso ${who(s, 'as pessoas')} já não as veem.`) + (s.quote ? ` Em vez disso, a página mostra esta frase: "${s.quote}"${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `A sua página inicial ainda tem um link para a sua página no ${s.quote}, mas o ${s.quote} foi encerrado há anos, por isso ${who(s, 'as pessoas')} que clicam nele já não encontram lá nada seu.`
        : `A sua página inicial ainda tem um link para uma rede social que foi encerrada há anos, por isso ${who(s, 'as pessoas')} que clicam nele já não encontram lá nada seu.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `A sua página inicial mostra código de programação como texto: "${s.quote}". O servidor devia executá-lo, não mostrá-lo, o que dá ${toWhom(s, 'aos visitantes')} a impressão de um site com defeito.`
        : s.quote
        ? `A sua página inicial ainda mostra "${s.quote}", um texto do modelo que devia ter sido substituído, o que dá ${toWhom(s, 'aos visitantes')} a impressão de um site inacabado.`
        : `A sua página inicial ainda mostra um texto do modelo que devia ter sido substituído, o que dá ${toWhom(s, 'aos visitantes')} a impressão de um site inacabado.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `A sua página inicial indica para "${s.quote}" dois números de telefone que diferem em apenas um dígito: "${s.quotes[0]}" e "${s.quotes[1]}". Se um deles tiver um erro, quem o marcar não consegue falar com a sua empresa.`
        : `A sua página inicial indica para o mesmo local dois números de telefone que diferem em apenas um dígito. Se um deles tiver um erro, quem o marcar não consegue falar com a sua empresa.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `O link de telefone "${s.quote}" no seu site liga para "${s.quotes[0]}", e não para o número que mostra, por isso quem toca nele para ligar não chega a esse número.`
        : s.quotes?.length
          ? `Um link de telefone no seu site liga para "${s.quotes[0]}", que não é um número de telefone, por isso quem toca nele para ligar não consegue falar com a sua empresa.`
          : `Um link de telefone no seu site liga para outro número que não o que mostra, por isso quem toca nele para ligar não chega a esse número.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `O link de e-mail no seu site leva a "${s.quote}", que não é um endereço de e-mail válido, por isso uma mensagem enviada por esse link não chega até a sua empresa.`
        : `Um link de e-mail no seu site leva a um endereço que não é válido, por isso uma mensagem enviada por esse link não chega até a sua empresa.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `O título da sua página inicial é apenas "${s.quote}", por isso o navegador mostra "${s.quote}" em vez do seu nome.`
        : 'A sua página inicial não tem título, por isso o navegador mostra apenas o endereço do site em vez do nome, e o Google escolhe sozinho o título do seu resultado de pesquisa.',
    form_not_secure: (_, s = {}) =>
      `O formulário do seu site está em uma página que os navegadores marcam como "Não seguro" (o site não tem https). Assim que ${who(s, 'as pessoas')} começam a escrever nele, o Chrome mostra esse aviso em vermelho, precisamente quando iam escrever à empresa.`,
    no_viewport: (_, s = {}) => `O site não está adaptado a smartphones: no smartphone aparece a versão para computador reduzida, e ${who(s, 'os visitantes')} só conseguem ler ampliando com os dedos.`,
    no_contact_form: () => 'Nas páginas que vi não há um formulário para enviar mensagens, por isso quem prefere escrever a ligar não tem uma forma rápida de pedir informações.',
    no_booking: () => 'Os clientes não conseguem marcar um horário pela internet, algo que muitos preferem fazer à noite, quando o estabelecimento já fechou.',
    slow_home: () => 'A sua página inicial demorou a responder na minha visita, e muitos visitantes desistem antes de a página aparecer.',
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `No seu site, o link quebrado "${s.quote}" leva a uma página que já não existe, e isso dá um ar de abandono.`
        : counted(
          v,
          (n) => `O seu site tem ${n} links quebrados que dão erro, e isso dá um ar de abandono.`,
          'O seu site tem um link quebrado que dá erro, e isso dá um ar de abandono.',
          'O seu site tem links quebrados que dão erro, e isso dá um ar de abandono.',
        ) + (s.quote ? ` Um deles é o "${s.quote}".` : ''),
    broken_images: (v) =>
      counted(
        v,
        (n) => `No seu site, ${n} imagens já não aparecem e ficam como caixas vazias, e isso dá ao site um ar de abandono.`,
        'No seu site, uma imagem já não aparece e fica como uma caixa vazia, e isso dá ao site um ar de abandono.',
        'No seu site, algumas imagens já não aparecem e ficam como caixas vazias, e isso dá ao site um ar de abandono.',
      ),
    certificate_expired: (_, s = {}) =>
      `O certificado de segurança do seu site expirou, por isso os navegadores mostram ${toWhom(s, 'os visitantes')} um aviso "Não seguro" em página inteira, em vez do site.`,
    certificate_expiring: () => 'O certificado de segurança do seu site expira nos próximos dias; a partir daí, os navegadores vão mostrar aos visitantes o aviso "Não seguro".',
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `A sua página inicial ainda mostra um aviso do tempo da pandemia: "${s.quote}"${stop(s.quote)} Se já não se aplica, ${who(s, 'os visitantes')} podem pensar que o resto do site também está desatualizado.`
        : `A sua página inicial ainda mostra um aviso do tempo da pandemia. Se já não se aplica, ${who(s, 'os visitantes')} podem pensar que o resto do site também está desatualizado.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `A data mais recente na sua página inicial é de ${v}, o que dá ${toWhom(s, 'aos visitantes')} a impressão de que nada mudou desde então.`
        : `As datas na sua página inicial têm todas vários anos, o que dá ${toWhom(s, 'aos visitantes')} a impressão de que nada mudou desde então.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `O ano de copyright no rodapé do site ainda é ${v}, o que dá ${toWhom(s, 'aos visitantes')} a impressão de que o site não é atualizado desde então.`
        : `O rodapé do site ainda mostra um ano de copyright antigo, o que dá ${toWhom(s, 'aos visitantes')} a impressão de que o site não é atualizado há anos.`,
    outdated_software: () => 'O seu site usa versões de software que deixaram de ser atualizadas há anos, com falhas de segurança conhecidas.',
    search_position: (v) =>
      v !== null
        ? `Ao pesquisar o seu ramo na sua região, o seu site apareceu na posição ${v}, abaixo dos concorrentes em que as pessoas clicam primeiro.`
        : 'Ao pesquisar o seu ramo na sua região, o seu site apareceu abaixo dos concorrentes em que as pessoas clicam primeiro.',
    no_ecommerce: () => 'Não é possível comprar online no seu site, o que significa perder vendas a clientes que não podem ir pessoalmente à loja.',
    no_analytics: () => 'Não há nenhuma ferramenta de estatísticas de visitas no site, por isso não é possível saber quantas pessoas o visitam nem onde perdem o interesse.',
    images_missing_alt: (v) =>
      counted(
        v,
        (n) => `Na sua página inicial, ${n} imagens não têm texto alternativo, por isso nem os leitores de tela nem o Google sabem o que mostram.`,
        'Na sua página inicial, uma imagem não tem texto alternativo, por isso nem os leitores de tela nem o Google sabem o que mostra.',
        'Na sua página inicial, algumas imagens não têm texto alternativo, por isso nem os leitores de tela nem o Google sabem o que mostram.',
      ),
    unoptimized_images: (v) =>
      counted(
        v,
        (n) => `Na sua página inicial, ${n} imagens não têm largura e altura indicadas no código da página.`,
        'Na sua página inicial, uma imagem não tem largura e altura indicadas no código da página.',
        'Na sua página inicial, algumas imagens não têm largura e altura indicadas no código da página.',
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `O seu endereço passa por ${n} redirecionamentos antes de mostrar a página inicial, o que atrasa a primeira impressão.`,
        'O seu endereço passa por um redirecionamento antes de mostrar a página inicial, o que atrasa a primeira impressão.',
        'O seu endereço passa por vários redirecionamentos antes de mostrar a página inicial, o que atrasa a primeira impressão.',
      ),
    missing_lang: () => 'As páginas não indicam em que língua estão escritas, por isso os leitores de tela podem lê-las com a pronúncia errada.',
    empty_links: (v) =>
      counted(
        v,
        (n) => `Na sua página inicial, ${n} links não têm texto nem descrição, por isso quem usa um leitor de tela não sabe para onde levam.`,
        'Na sua página inicial, um link não tem texto nem descrição, por isso quem usa um leitor de tela não sabe para onde leva.',
        'Na sua página inicial, alguns links não têm texto nem descrição, por isso quem usa um leitor de tela não sabe para onde levam.',
      ),
    slow_mobile: (v) =>
      v !== null
        ? `No smartphone, a sua página inicial precisa de ${decimal(v, ',')} segundos para mostrar o conteúdo principal, um tempo que o Google considera mau.`
        : 'No smartphone, a sua página inicial é lenta a mostrar o conteúdo principal, mais do que o Google considera aceitável.',
    layout_shift: () => 'Enquanto a sua página inicial abre no smartphone, o conteúdo vai mudando de posição, e é fácil tocar no lugar errado.',
    heavy_page: (v) =>
      v !== null
        ? `A sua página inicial pesa ${decimal(v, ',')} MB, muitos dados para carregar no smartphone antes de se ver alguma coisa.`
        : 'A sua página inicial é muito pesada, são muitos dados para carregar no smartphone antes de se ver alguma coisa.',
    low_performance: (v) =>
      v !== null
        ? `O teste do próprio Google, o Lighthouse, dá à sua página inicial ${v} de 100 pontos de velocidade no smartphone.`
        : 'O teste do próprio Google, o Lighthouse, coloca a sua página inicial na faixa mais baixa de velocidade no smartphone.',
  },
  measured: ['A medição foi feita com o Lighthouse, e pode repetir o mesmo teste no PageSpeed Insights.'],
  check: {
    error_message: ['É fácil confirmar: basta abrir a sua página inicial.'],
    flash_content: ['É fácil confirmar: basta abrir a sua página inicial em qualquer navegador atualizado.'],
    form_not_secure: ['É fácil confirmar: basta abrir a página no Chrome, escrever uma letra no formulário e olhar à esquerda do endereço.'],
    no_ssl: ['É fácil confirmar: basta abrir o seu site no Chrome e olhar logo à esquerda do endereço.'],
    certificate_expired: ['É fácil confirmar: basta abrir o seu site em qualquer navegador.'],
    no_viewport: ['É fácil confirmar: basta abrir a sua página inicial no smartphone e tentar ler sem ampliar.'],
    stale_copyright: ['É fácil confirmar: basta olhar para o final da sua página inicial.'],
  },
  news: { no_ssl: ['A Google anunciou também que o Chrome vai mostrar um aviso antes de abrir pela primeira vez um site sem https.'] },
  report: ['Reuni o que encontrei, com capturas de tela, em uma única página:'],
  value: {
    broken: ['Enquanto não voltar a funcionar, cada visita vinda do Google ou de um anúncio é uma oportunidade perdida.'],
    one: ['É uma correção pontual que não exige um site novo.', 'Isto pode ser corrigido sem refazer o site.'],
    many: ['Nenhum dos dois exige um site novo; são correções pontuais.', 'Ambos podem ser corrigidos sem refazer o site.'],
  },
  credibility: [
    'Crio e melhoro sites de pequenas empresas, por isso são coisas que noto logo.',
    'Tenho um pequeno estúdio de web design e ajudo pequenas empresas precisamente com este tipo de trabalho.',
  ],
  credibilityShort: ['Faço sites para pequenas empresas.'],
  padding: ['Sem compromisso nenhum; achei simplesmente que gostaria de saber.'],
  call: ['Seria útil uma chamada curta na próxima semana? Posso mostrar o que encontrei.'],
  cta: [
    'Se for útil, basta responder a este e-mail e eu envio os passos que seguiria para resolver o problema.',
    'Quer que eu envie uma nota curta sobre como corrigiria isso?',
  ],
  followUp: {
    again: ['Voltei a medir a sua página inicial esta semana e o problema de que falei continua lá:'],
    addOne: ['Volto a escrever com mais um ponto que notei no seu site:'],
    nudge: ['Queria trazer a minha mensagem anterior de volta ao topo da sua caixa de entrada, caso se tenha perdido.'],
    cta: ['Se for útil, basta responder a este e-mail e envio algumas ideias.'],
    last: ['Esta é a minha última mensagem sobre o assunto; não quero encher a sua caixa de entrada. Se mais tarde for um momento melhor, basta responder.'],
  },
  subject: {
    generic: (c) => [`Uma pergunta sobre o site ${de(c)}`, `O site ${de(c)}`],
    byFinding: {
      flash_content: (c) => [`${c} e o Adobe Flash`],
      form_not_secure: (c) => [`${c} e o aviso "Não seguro"`],
      site_broken: (c) => [`Um problema com o site ${de(c)}`],
      no_ssl: (c) => [`${c} e o aviso "Não seguro"`],
      no_viewport: (c) => [`O site ${de(c)} no smartphone`],
      slow_mobile: (c) => [`O site ${de(c)} no smartphone`],
      layout_shift: (c) => [`O site ${de(c)} no smartphone`],
      heavy_page: (c) => [`O site ${de(c)} no smartphone`],
      low_performance: (c) => [`O site ${de(c)} no smartphone`],
      no_booking: (c) => [`Agendamento online para ${c}`],
      phone_mismatch: (c) => [`O número de telefone no site ${de(c)}`],
      bad_phone_link: (c) => [`O link de telefone no site ${de(c)}`],
      bad_email_link: (c) => [`O link de e-mail no site ${de(c)}`],
    },
    unnamed: {
      no_ssl: ['O seu site e o aviso "Não seguro"'],
      form_not_secure: ['O formulário do seu site e o aviso "Não seguro"'],
      flash_content: ['O seu site e o Adobe Flash'],
      error_message: ['Uma mensagem na sua página inicial'],
      no_viewport: ['O seu site no smartphone'],
      phone_mismatch: ['O número de telefone no seu site'],
      bad_phone_link: ['O link de telefone no seu site'],
      bad_email_link: ['O link de e-mail no seu site'],
    },
    plain: ['Uma pergunta sobre o seu site', 'Sobre o seu site'],
  },
};
