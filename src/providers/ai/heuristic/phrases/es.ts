// Spanish (usted), as Spain writes it ("móvil", "la web"), with Latin America's made from it by
// `latinAmerican` (es-419): a Mexico City firm read "móvil" and "la web" as a Spaniard's note.
import { counted, decimal, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

const site = (s: Slots) => (s.company ? `la web de ${s.company}` : 'su web');

/** Spain's words, as Latin America says them: "la página web" keeps the feminine the sentences agree with. */
const LATIN_AMERICAN: [RegExp, string][] = [
  [/\b([Ll]a|[Ss]u) web\b/g, '$1 página web'],
  [/\bmóviles\b/g, 'celulares'],
  [/\bmóvil\b/g, 'celular'],
  [/\bordenador(es)?\b/g, 'computadora$1'],
];
export const latinAmerican = (text: string): string => LATIN_AMERICAN.reduce((out, [re, to]) => out.replace(re, to), text);
const where = (s: Slots) => (s.city ? ` en ${s.city}` : '');
/**
 * Who sees a problem, as the owner of that trade calls them: a clinic's "pacientes"; a salon's,
 * a lawyer's, a restaurant's, a hotel's and a shop's people are all "clientes" in Spanish
 * ("comensales" would not fit a hotel, nor "huéspedes" a restaurant).
 */
const PEOPLE: Record<NonNullable<Slots['audience']>, string> = { patients: 'sus pacientes', clients: 'sus clientes', guests: 'sus clientes', customers: 'sus clientes', parents: 'las familias' };
// A place to stay calls its guests "huéspedes"; a restaurant's are still "clientes".
const who = (s: Slots, otherwise: string) => (s.audience === 'guests' && s.industry === 'Lodging' ? 'sus huéspedes' : s.audience ? PEOPLE[s.audience] : otherwise);

export const es: Phrasebook = {
  greetNamed: (name) => [`Hola, ${name}:`, `Buenos días, ${name}:`],
  greet: ['Hola:', 'Buenos días:'],
  opener: (s, n) => [
    `Encontré ${s.company ?? 'su negocio'}${where(s)} y eché un vistazo a su web. ${n === 1 ? 'Me llamó la atención una cosa que quizá quiera saber.' : 'Me llamaron la atención dos cosas que quizá quiera saber.'}`,
    `Esta semana estuve viendo ${site(s)}, y ${n === 1 ? 'hay algo que le conviene saber' : 'hay dos cosas que le conviene saber'}.`,
    // "Buscando negocios" reads as a mass mailing: say why one writes.
    `Le escribo por ${s.company ? `la web de ${s.company}` : 'su web'}: ${n === 1 ? 'vi algo que quizá le interese saber.' : 'vi dos cosas que quizá le interese saber.'}`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Al abrir su página de inicio aparece una página de error en lugar de su web, así que quien le busca ahora mismo no ve lo que ofrece.'
        : 'Al abrir su página de inicio, su web no carga, así que quien le busca ahora mismo no ve lo que ofrece.',
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `Su web no usa una conexión segura (https), así que los navegadores muestran "No es seguro" junto a la dirección, en la misma página donde ${who(s, 'sus clientes')} pulsan "${s.quote}".`
        : s.whole
          ? `Su web no usa una conexión segura (https), así que los navegadores muestran "No es seguro" junto a la dirección.`
          : `Su web no usa una conexión segura (https), así que los navegadores muestran "No es seguro" junto a la dirección, y ${who(s, 'todos los visitantes')} ven ese aviso en cuanto abren su web.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `Su página de inicio muestra el mensaje "${s.quote}" donde debería estar su contenido, así que ${who(s, 'los visitantes')} ven eso en lugar de lo que ofrece.`
        : `Su página de inicio muestra un mensaje de error donde debería estar su contenido, así que ${who(s, 'los visitantes')} ven eso en lugar de lo que ofrece.`,
    // The number of movies is not printed: "Part" or "Parts" is what the owner can check.
    flash_content: (v, s = {}) =>
      (s.whole
        ? `Su página de inicio está hecha con Adobe Flash, que los navegadores dejaron de reproducir hace años, así que ${who(s, 'los visitantes')} no ven nada de ella.`
        : v === 1
          ? `Una parte de su página de inicio está hecha con Adobe Flash, que los navegadores dejaron de reproducir hace años, así que ${who(s, 'los visitantes')} ya no la ven.`
          : `Algunas partes de su página de inicio están hechas con Adobe Flash, que los navegadores dejaron de reproducir hace años, así que ${who(s, 'los visitantes')} ya no las ven.`) + (s.quote ? ` En su lugar, la página les muestra esta frase: "${s.quote}"${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `Su página de inicio todavía enlaza a su página de ${s.quote}, pero ${s.quote} cerró hace años, así que ${who(s, 'los visitantes')} que hacen clic ya no encuentran allí nada de su negocio.`
        : `Su página de inicio todavía enlaza a una red social que cerró hace años, así que ${who(s, 'los visitantes')} que hacen clic ya no encuentran allí nada de su negocio.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `Su página de inicio muestra código de programación como texto: "${s.quote}". Su servidor debía ejecutarlo, no mostrarlo, así que a ${who(s, 'los visitantes')} les parece que la web no funciona bien.`
        : s.quote
        ? `Su página de inicio todavía muestra "${s.quote}", un texto de la plantilla que debía sustituirse, así que a ${who(s, 'los visitantes')} la web les parece a medio hacer.`
        : `Su página de inicio todavía muestra un texto de la plantilla que debía sustituirse, así que a ${who(s, 'los visitantes')} la web les parece a medio hacer.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `Su página de inicio da para "${s.quote}" dos números de teléfono que se diferencian en una sola cifra: "${s.quotes[0]}" y "${s.quotes[1]}". Si uno de ellos tiene una errata, quien lo marque no podrá contactar con usted.`
        : `Su página de inicio da para un mismo lugar dos números de teléfono que se diferencian en una sola cifra. Si uno de ellos tiene una errata, quien lo marque no podrá contactar con usted.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `El enlace de teléfono "${s.quote}" de su web marca "${s.quotes[0]}", no el número que muestra, así que quien lo pulsa para llamar no llega a ese número.`
        : s.quotes?.length
          ? `Un enlace de teléfono de su web marca "${s.quotes[0]}", que no es un número de teléfono, así que quien lo pulsa para llamarle no puede contactar con usted.`
          : `Un enlace de teléfono de su web marca un número distinto del que muestra, así que quien lo pulsa para llamar no llega a ese número.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `El enlace de correo de su web lleva a "${s.quote}", que no es una dirección de correo válida, así que un mensaje enviado desde ese enlace no le llega.`
        : `Un enlace de correo de su web lleva a una dirección no válida, así que un mensaje enviado desde ese enlace no le llega.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `El título de su página de inicio es solo "${s.quote}", así que la pestaña del navegador muestra "${s.quote}" en lugar de su nombre.`
        : 'Su página de inicio no tiene título, así que la pestaña del navegador solo muestra su dirección web, y Google tiene que elegir por su cuenta el titular de su resultado de búsqueda.',
    form_not_secure: (_, s = {}) =>
      `Su formulario de contacto está en una página que los navegadores marcan como "No es seguro" (la web no tiene https). En cuanto ${who(s, 'los visitantes')} empiezan a escribir en él, Chrome pone ese aviso en rojo, justo cuando iban a ponerse en contacto con usted.`,
    no_viewport: (_, s = {}) => `La web no está adaptada al móvil: en el teléfono se ve la versión de escritorio en pequeño, y ${who(s, 'los visitantes')} tienen que ampliar con los dedos para leerla.`,
    no_contact_form: () => 'En las páginas que he visto no hay formulario de contacto, así que quien prefiere escribir en lugar de llamar no tiene una manera rápida de hablar con ustedes.',
    no_booking: () => 'Sus clientes no pueden reservar cita por internet, algo que muchos esperan poder hacer por la noche, cuando ustedes ya han cerrado.',
    slow_home: () => 'Su página de inicio tarda demasiado en cargar, y por esa falta de velocidad muchos visitantes se van antes de verla.',
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `En su web, el enlace roto "${s.quote}" no lleva a ninguna parte, y eso da sensación de web descuidada.`
        : counted(
          v,
          (n) => `En su web hay ${n} enlaces rotos que no llevan a ninguna parte, y eso da sensación de web descuidada.`,
          'En su web hay un enlace roto que no lleva a ninguna parte, y eso da sensación de web descuidada.',
          'En su web hay enlaces rotos que no llevan a ninguna parte, y eso da sensación de web descuidada.',
        ) + (s.quote ? ` Uno de ellos es "${s.quote}".` : ''),
    broken_images: (v) =>
      counted(
        v,
        (n) => `En su web hay ${n} imágenes rotas que ya no se ven, y eso da sensación de web descuidada.`,
        'En su web hay una imagen rota que ya no se ve, y eso da sensación de web descuidada.',
        'En su web hay imágenes rotas que ya no se ven, y eso da sensación de web descuidada.',
      ),
    certificate_expired: (_, s = {}) => `El certificado de seguridad de su web ha caducado, así que los navegadores muestran a ${who(s, 'los visitantes')} un aviso de sitio "no seguro" en lugar de su web.`,
    certificate_expiring: () => 'El certificado de seguridad de su web está a punto de caducar; cuando lo haga, los navegadores avisarán de que el sitio "no es seguro".',
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `Su página de inicio todavía muestra un aviso de la pandemia: "${s.quote}"${stop(s.quote)} Si ya no está vigente, ${who(s, 'los visitantes')} pueden pensar que el resto de la web tampoco está al día.`
        : `Su página de inicio todavía muestra un aviso de la pandemia. Si ya no está vigente, ${who(s, 'los visitantes')} pueden pensar que el resto de la web tampoco está al día.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `La fecha más reciente de su página de inicio es de ${v}, así que a ${who(s, 'los visitantes')} les parece que no ha pasado nada desde entonces.`
        : `Las fechas de su página de inicio tienen todas años, así que a ${who(s, 'los visitantes')} les parece que no ha pasado nada desde entonces.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `El año del copyright en su pie de página sigue siendo ${v}, así que a ${who(s, 'los visitantes')} la web les parece sin actualizar desde entonces.`
        : `Su pie de página todavía muestra un año de copyright antiguo, así que a ${who(s, 'los visitantes')} la web les parece sin actualizar desde hace años.`,
    outdated_software: () => 'Su web usa versiones de software que dejaron de actualizarse hace años, con fallos de seguridad conocidos.',
    search_position: (v) => (v !== null ? `Al hacer una búsqueda de su sector en su zona, su web apareció en el puesto ${v}, por debajo de los competidores en los que la gente hace clic primero.` : 'Al hacer una búsqueda de su sector en su zona, su web apareció por debajo de los competidores en los que la gente hace clic primero.'),
    no_ecommerce: () => 'En su web no se puede comprar en línea, así que se pierden las ventas de quien no puede pasar por la tienda.',
    no_analytics: () => 'No hay ninguna herramienta de analítica instalada, así que no puede saber cuántas personas visitan la web ni en qué punto la abandonan.',
    images_missing_alt: (v) =>
      counted(
        v,
        (n) => `En su página de inicio, ${n} imágenes no tienen texto alternativo, así que ni los lectores de pantalla ni los buscadores saben qué muestran.`,
        'En su página de inicio hay una imagen sin texto alternativo, así que ni los lectores de pantalla ni los buscadores saben qué muestra.',
        'En su página de inicio hay imágenes sin texto alternativo, así que ni los lectores de pantalla ni los buscadores saben qué muestran.',
      ),
    unoptimized_images: (v) =>
      counted(
        v,
        (n) => `En su página de inicio, ${n} imágenes no tienen el ancho y el alto indicados en el código.`,
        'En su página de inicio hay una imagen sin el ancho y el alto indicados en el código.',
        'En su página de inicio hay imágenes sin el ancho y el alto indicados en el código.',
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `Su dirección web pasa por ${n} redirecciones antes de mostrar la página de inicio, lo que retrasa la primera impresión.`,
        'Su dirección web pasa por una redirección antes de mostrar la página de inicio, lo que retrasa la primera impresión.',
        'Su dirección web pasa por redirecciones antes de mostrar la página de inicio, lo que retrasa la primera impresión.',
      ),
    missing_lang: () => 'Las páginas no indican en qué idioma están, así que los lectores de pantalla pueden leerlas con la pronunciación equivocada.',
    empty_links: (v) =>
      counted(
        v,
        (n) => `En su página de inicio, ${n} enlaces no tienen texto ni etiqueta, así que quien usa un lector de pantalla no sabe adónde llevan.`,
        'En su página de inicio hay un enlace sin texto ni etiqueta, así que quien usa un lector de pantalla no sabe adónde lleva.',
        'En su página de inicio hay enlaces sin texto ni etiqueta, así que quien usa un lector de pantalla no sabe adónde llevan.',
      ),
    slow_mobile: (v) =>
      v !== null
        ? `En el móvil, su página de inicio tarda ${decimal(v, ',')} segundos en mostrar su contenido principal, un tiempo que Google considera malo.`
        : 'En el móvil, su página de inicio tarda en mostrar su contenido principal más de lo que Google considera aceptable.',
    layout_shift: () => 'Mientras su página de inicio se abre en el móvil, el contenido se mueve, y la gente acaba pulsando donde no quería.',
    heavy_page: (v) =>
      v !== null
        ? `Su página de inicio pesa ${decimal(v, ',')} MB, mucho para descargar en un móvil antes de ver nada.`
        : 'Su página de inicio pesa mucho, demasiado para descargar en un móvil antes de ver nada.',
    low_performance: (v) =>
      v !== null
        ? `La propia prueba de Google, Lighthouse, da a su página de inicio un ${v} sobre 100 en velocidad en el móvil.`
        : 'La propia prueba de Google, Lighthouse, sitúa su página de inicio en su franja más baja de velocidad en el móvil.',
  },
  measured: ['Lo medí con Lighthouse, la prueba de Google, así que puede repetir la misma prueba en PageSpeed Insights.'],
  check: {
    error_message: ['Puede comprobarlo abriendo su página de inicio.'],
    flash_content: ['Puede comprobarlo en un momento: abra su página de inicio en cualquier navegador actual.'],
    form_not_secure: ['Puede comprobarlo en un momento: abra la página en Chrome, escriba una letra en el formulario y mire a la izquierda de la dirección.'],
    no_ssl: ['Puede comprobarlo en un momento: abra su web en Chrome y mire justo a la izquierda de la dirección.'],
    certificate_expired: ['Puede comprobarlo abriendo su web en cualquier navegador.'],
    no_viewport: ['Puede comprobarlo en un momento: abra su página de inicio en el móvil e intente leerla sin ampliar.'],
    stale_copyright: ['Puede comprobarlo bajando hasta el final de su página de inicio.'],
  },
  news: { no_ssl: ['Google también ha anunciado que Chrome mostrará un aviso antes de abrir por primera vez un sitio sin https.'] },
  report: ['He reunido lo que vi, con capturas de pantalla, en una sola página:'],
  value: {
    broken: ['Mientras no vuelva a funcionar, cada visita que llega desde Google o desde un anuncio es una oportunidad perdida.'],
    one: ['Es un arreglo concreto que no requiere una web nueva.', 'Se puede corregir sin rehacer la web.'],
    many: ['Ninguna de las dos exige una web nueva; son arreglos concretos.', 'Las dos se pueden corregir sin rehacer la web.'],
  },
  credibility: [
    'Me dedico a crear y mejorar webs de pequeños negocios, así que son cosas en las que me fijo enseguida.',
    'Tengo un pequeño estudio de diseño web y ayudo a pequeños negocios justo con este tipo de trabajo.',
  ],
  credibilityShort: ['Hago webs para pequeños negocios.'],
  padding: ['Sin ningún compromiso; simplemente pensé que le gustaría saberlo.'],
  call: ['¿Le vendría bien una llamada breve la semana que viene? Le enseño lo que he visto.'],
  cta: [
    'Si le sirve, responda a este correo y le envío los pasos que seguiría para arreglarlo.',
    '¿Quiere que le envíe una nota breve sobre cómo lo arreglaría?',
  ],
  followUp: {
    again: ['Esta semana he vuelto a medir su página de inicio y el problema que le comenté sigue ahí:'],
    addOne: ['Le escribo de nuevo con una cosa más que vi en su sitio web:'],
    nudge: ['Quería volver a poner mi mensaje anterior arriba en su bandeja de entrada, por si se perdió.'],
    cta: ['Si le resulta útil, responda a este correo y le envío algunas ideas.'],
    last: ['Este es mi último mensaje sobre el tema; no quiero llenar su bandeja de entrada. Si en otro momento le viene mejor, solo tiene que responder.'],
  },
  subject: {
    generic: (c) => [`Una pregunta sobre la web de ${c}`, `La web de ${c}`],
    byFinding: {
      flash_content: (c) => [`${c} y Adobe Flash`],
      form_not_secure: (c) => [`${c} y el aviso de sitio no seguro`],
      site_broken: (c) => [`Un problema con la web de ${c}`],
      no_ssl: (c) => [`${c} y el aviso de sitio no seguro`],
      no_viewport: (c) => [`${c} en el móvil`, `La web de ${c} en el móvil`],
      slow_mobile: (c) => [`La web de ${c} en el móvil`],
      layout_shift: (c) => [`La web de ${c} en el móvil`],
      heavy_page: (c) => [`La web de ${c} en el móvil`],
      low_performance: (c) => [`La web de ${c} en el móvil`],
      no_booking: (c) => [`Reservas por internet para ${c}`],
      phone_mismatch: (c) => [`El teléfono en la web de ${c}`],
      bad_phone_link: (c) => [`El enlace de teléfono en la web de ${c}`],
      bad_email_link: (c) => [`El enlace de correo en la web de ${c}`],
    },
    unnamed: {
      no_ssl: ['Su web y el aviso de sitio no seguro'],
      form_not_secure: ['Su formulario y el aviso de sitio no seguro'],
      flash_content: ['Su web y Adobe Flash'],
      error_message: ['Un mensaje en su página de inicio'],
      no_viewport: ['Su web en el móvil'],
      phone_mismatch: ['El teléfono en su web'],
      bad_phone_link: ['El enlace de teléfono en su web'],
      bad_email_link: ['El enlace de correo en su web'],
    },
    plain: ['Una pregunta sobre su web', 'Sobre su web'],
  },
};
