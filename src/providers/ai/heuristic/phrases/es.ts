// Spanish (usted): neutral enough for Spain and Latin America.
import { counted, type Phrasebook, type Slots } from './types.ts';

const site = (s: Slots) => (s.company ? `la web de ${s.company}` : 'su web');
const where = (s: Slots) => (s.city ? ` en ${s.city}` : '');

export const es: Phrasebook = {
  greetNamed: (name) => [`Hola, ${name}:`, `Buenos días, ${name}:`],
  greetTeam: (company) => ['Hola:', `Hola, equipo de ${company}:`],
  greetAnon: ['Hola:', 'Buenos días:'],
  opener: (s, n) => [
    `Buscando negocios${where(s)}, encontré ${site(s)} y me llamó la atención ${n === 1 ? 'algo que puede estar costándole clientes' : 'algunas cosas que pueden estar costándole clientes'}:`,
    `He echado un vistazo a ${site(s)} y quería comentarle ${n === 1 ? 'un detalle' : 'algunos detalles'}:`,
    `Estuve viendo ${site(s)} y ${n === 1 ? 'hay un detalle que le puede estar haciendo perder clientes' : 'hay algunos detalles que le pueden estar haciendo perder clientes'}:`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Al abrir su página de inicio aparece una página de error en lugar de su web, así que quien le busca ahora mismo no ve lo que ofrece.'
        : 'Al abrir su página de inicio, su web no carga, así que quien le busca ahora mismo no ve lo que ofrece.',
    no_ssl: () => 'Su web no usa una conexión segura (https), así que el navegador avisa de que no es seguro antes de que el visitante lea nada.',
    no_viewport: () => 'La web no está adaptada al móvil: quien entra desde el teléfono tiene que ampliar con los dedos, y muchos se van antes de escribirle.',
    no_contact_form: () => 'No hay formulario de contacto, así que quien prefiere escribir en lugar de llamar no tiene una manera sencilla de hablar con ustedes.',
    no_booking: () => 'Sus clientes no pueden reservar cita por internet, algo que muchos esperan poder hacer por la noche, cuando ustedes ya han cerrado.',
    slow_home: () => 'Su página de inicio tarda demasiado en cargar, y por esa falta de velocidad muchos visitantes se van antes de verla.',
    broken_links: (v) =>
      counted(
        v,
        (n) => `En su web hay ${n} enlaces rotos que no llevan a ninguna parte, y eso da sensación de web descuidada.`,
        'En su web hay un enlace roto que no lleva a ninguna parte, y eso da sensación de web descuidada.',
        'En su web hay enlaces rotos que no llevan a ninguna parte, y eso da sensación de web descuidada.',
      ),
    broken_images: (v) =>
      counted(
        v,
        (n) => `En su web hay ${n} imágenes rotas que ya no cargan, y eso da sensación de web descuidada.`,
        'En su web hay una imagen rota que ya no carga, y eso da sensación de web descuidada.',
        'En su web hay imágenes rotas que ya no cargan, y eso da sensación de web descuidada.',
      ),
    certificate_expired: () => 'El certificado de seguridad de su web ha caducado, así que los navegadores muestran un aviso de sitio "no seguro" en lugar de su web.',
    certificate_expiring: () => 'El certificado de seguridad de su web está a punto de caducar; cuando lo haga, los navegadores avisarán de que el sitio "no es seguro".',
    stale_copyright: (v) => (v !== null ? `Su pie de página todavía dice © ${v}, y eso hace dudar de si el negocio sigue abierto.` : 'Su pie de página todavía muestra un año de copyright antiguo, y eso hace dudar de si el negocio sigue abierto.'),
    outdated_software: () => 'Su web usa versiones de software que dejaron de actualizarse hace años, con fallos de seguridad conocidos.',
    search_position: (v) => (v !== null ? `Al buscar su sector en su zona, su web apareció en el puesto ${v}, por debajo de los competidores en los que la gente hace clic primero.` : 'Al buscar su sector en su zona, su web apareció por debajo de los competidores en los que la gente hace clic primero.'),
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
        (n) => `En su página de inicio, ${n} imágenes no tienen un tamaño definido, así que la página da saltos mientras carga.`,
        'En su página de inicio hay una imagen sin tamaño definido, así que la página da saltos mientras carga.',
        'En su página de inicio hay imágenes sin tamaño definido, así que la página da saltos mientras carga.',
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
  },
  value: {
    broken: ['Mientras no vuelva a funcionar, cada visita que llega desde un buscador o un anuncio es una oportunidad perdida.'],
    one: [
      'Es un arreglo sencillo, y ayudaría a que más personas de las que ya le encuentran acaben escribiéndole o llamándole.',
      'Corregirlo haría que la web trabaje más para usted y convierta más visitas en consultas.',
    ],
    many: [
      'Nada de esto exige rehacer la web entera, y juntos estos arreglos convertirían más visitas en clientes.',
      'Son arreglos concretos, y entre todos facilitan que quien ya le encuentra acabe poniéndose en contacto con usted.',
    ],
  },
  credibility: [
    'Me dedico a crear y mejorar webs de pequeños negocios, así que son cosas en las que me fijo enseguida.',
    'Tengo un pequeño estudio de diseño web y ayudo a negocios locales justo con este tipo de trabajo.',
  ],
  padding: [
    'Sin ningún compromiso; simplemente pensé que le gustaría saberlo.',
    'La mayoría de la gente decide muy rápido si contactar o no, así que los pequeños detalles cuentan.',
  ],
  cta: [
    '¿Le vendría bien una llamada breve la semana que viene? Le explico con calma lo que he visto.',
    'Si le sirve, le envío un breve resumen por escrito de lo que cambiaría. Basta con responder a este correo.',
    '¿Le resultaría útil que le preparase un ejemplo de cómo podría quedar una página de inicio renovada?',
  ],
  none: {
    opener: (s) => [
      `Encontré ${s.company ?? 'su negocio'}${where(s)} y quería presentarme.`,
      `Buscando negocios${where(s)}, di con ${site(s)} y quería saludarle.`,
    ],
    body: [
      'Me dedico a crear y cuidar webs de pequeños negocios, y les ayudo a que más personas que les encuentran en internet acaben siendo clientes.',
      'No he visto nada urgente en su web, así que esto es solo un saludo.',
      'Si algún día le surge una duda sobre su web, desde un pequeño cambio hasta un diseño nuevo, me encantaría ser la persona a quien preguntar.',
    ],
    cta: [
      'Si le parece útil, responda a este correo y buscamos un momento para hablar.',
      '¿Le importaría que le echara un vistazo con calma y le enviara algunas ideas sinceras?',
    ],
    padding: ['Sin ningún compromiso, y gracias por leerme.', 'En cualquier caso, le deseo una muy buena temporada.'],
  },
  followUp: {
    addOne: ['Le escribo de nuevo con una cosa más que vi en su sitio web:'],
    nudge: ['Quería volver a poner mi mensaje anterior arriba en su bandeja de entrada, por si se perdió.'],
    cta: ['Si le resulta útil, responda a este correo y le envío algunas ideas.'],
    last: ['Este es mi último mensaje sobre el tema; no quiero llenar su bandeja de entrada. Si en otro momento le viene mejor, solo tiene que responder.'],
  },
  subject: {
    generic: (c) => [`Una pregunta sobre la web de ${c}`, `Una idea para ${c}`, `La web de ${c}`],
    byFinding: {
      site_broken: (c) => [`Un problema con la web de ${c}`],
      no_ssl: (c) => [`${c} y el aviso de sitio no seguro`],
      no_viewport: (c) => [`${c} en el móvil`, `La web de ${c} en el móvil`],
      no_booking: (c) => [`Reservas por internet para ${c}`],
    },
    none: (c) => [`Un saludo para ${c}`, `Presentación para el equipo de ${c}`],
    plain: ['Una pregunta sobre su web', 'Una idea para su web'],
  },
};
