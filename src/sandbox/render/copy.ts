// The visible words of sandbox pages, in English, Spanish, French and German: real sentences,
// so that a language detector and an AI summary have something genuine to read.
import type { Industry } from '../catalog/industries.ts';
import type { Language } from '../catalog/names.ts';

export interface CopyContext {
  name: string;
  city: string;
  state: string;
  industry: Industry;
  founded: number;
}

/** "Austin, TX"; just the town where the sandbox knows no state for it. */
const where = (c: CopyContext) => (c.state ? `${c.city}, ${c.state}` : c.city);

export interface Copy {
  nav: { home: string; services: string; about: string; contact: string };
  heading: { services: string; about: string; reviews: string; contact: string; hours: string; gallery: string; shop: string; book: string; newsletter: string };
  label: { phone: string; email: string; address: string; name: string; message: string; send: string; subscribe: string; addToCart: string; bookNow: string; follow: string; giftCard: string };
  taglines: ((c: CopyContext) => string)[];
  intro: ((c: CopyContext) => string)[];
  services: (c: CopyContext) => string[];
  blurbs: ((service: string, c: CopyContext) => string)[];
  reviews: ((c: CopyContext) => string)[];
  about: ((c: CopyContext) => string)[];
  owner: { owner: (name: string) => string; founded: (name: string, year: number) => string; meet: (name: string) => string };
  contactIntro: (c: CopyContext) => string;
  thanks: string;
  notFound: string;
}

const EN: Copy = {
  nav: { home: 'Home', services: 'Services', about: 'About Us', contact: 'Contact' },
  heading: { services: 'What we do', about: 'About us', reviews: 'What our customers say', contact: 'Contact us', hours: 'Opening hours', gallery: 'Recent work', shop: 'Shop online', book: 'Book an appointment', newsletter: 'Join our newsletter' },
  label: { phone: 'Phone', email: 'Email', address: 'Address', name: 'Your name', message: 'How can we help?', send: 'Send message', subscribe: 'Subscribe', addToCart: 'Add to cart', bookNow: 'Book now', follow: 'Follow us', giftCard: 'Gift card' },
  taglines: [
    (c) => `Trusted ${c.industry.singular} serving ${c.city} since ${c.founded}`,
    (c) => `${c.city}'s friendly neighborhood ${c.industry.singular}`,
    () => 'Honest work, fair prices, done right the first time',
    (c) => `Quality ${c.industry.label.toLowerCase()} for ${c.city} and the surrounding area`,
  ],
  intro: [
    (c) => `${c.name} is a locally owned ${c.industry.singular} in ${where(c)}. We have been looking after our neighbors since ${c.founded}, and most of our new customers come to us through word of mouth.`,
    (c) => `Whether you need a quick fix or a bigger project, our team takes the time to listen, explains your options in plain language and gives you a clear price before any work begins.`,
    (c) => `We are proud to be part of the ${c.city} community. Every job, large or small, gets the same attention to detail, and we stand behind everything we do.`,
    () => `Our customers tell us they appreciate how easy it is to reach a real person, how we show up when we say we will, and how we leave every place cleaner than we found it.`,
  ],
  services: (c) => [...c.industry.services],
  blurbs: [
    (s) => `${s}, done carefully, explained clearly and priced up front.`,
    (s, c) => `Our ${s.toLowerCase()} service is one of the most requested in ${c.city}.`,
    (s) => `Ask us about ${s.toLowerCase()}: we will walk you through every step.`,
    (s) => `${s} with a satisfaction guarantee and no hidden fees.`,
  ],
  reviews: [
    (c) => `They handled our ${c.industry.services[0].toLowerCase()} quickly and the price was exactly what they quoted. Highly recommend!`,
    () => 'Friendly, professional and on time. We will definitely be back.',
    (c) => `The best ${c.industry.singular} in ${c.city}, hands down. They treated us like family.`,
    () => 'Clear communication from start to finish and excellent results.',
  ],
  about: [
    (c) => `${c.name} opened its doors in ${c.founded} with a simple idea: treat every customer the way we would want to be treated.`,
    (c) => `Today our small team serves homes and businesses across ${c.city} and nearby towns, and we still answer the phone ourselves.`,
    () => 'We keep learning, invest in good tools and materials, and never recommend work you do not need.',
  ],
  owner: {
    owner: (n) => `Owner: ${n}`,
    founded: (n, y) => `Founded by ${n} in ${y}`,
    meet: (n) => `Meet ${n}, owner`,
  },
  contactIntro: (c) => `We would love to hear from you. Call, write or stop by our ${c.city} location and we will get back to you within one business day.`,
  thanks: 'Thank you! Your message has been received.',
  notFound: 'Sorry, the page you are looking for does not exist.',
};

const ES: Copy = {
  nav: { home: 'Inicio', services: 'Servicios', about: 'Nosotros', contact: 'Contacto' },
  heading: { services: 'Nuestros servicios', about: 'Quiénes somos', reviews: 'Lo que dicen nuestros clientes', contact: 'Contáctenos', hours: 'Horario', gallery: 'Trabajos recientes', shop: 'Tienda en línea', book: 'Reserve una cita', newsletter: 'Suscríbase a nuestro boletín' },
  label: { phone: 'Teléfono', email: 'Correo', address: 'Dirección', name: 'Su nombre', message: '¿En qué podemos ayudarle?', send: 'Enviar mensaje', subscribe: 'Suscribirse', addToCart: 'Añadir al carrito', bookNow: 'Reservar', follow: 'Síganos', giftCard: 'Tarjeta regalo' },
  taglines: [
    (c) => `${c.industry.trade.es} de confianza en ${c.city} desde ${c.founded}`,
    () => 'Trabajo honesto, precios justos y atención personal',
  ],
  intro: [
    (c) => `${c.name} es un negocio familiar de ${where(c)}. Ofrecemos ${c.industry.trade.es} con la calidad y el trato cercano que nuestros clientes merecen.`,
    () => 'Escuchamos con atención, le explicamos todas las opciones con palabras sencillas y le damos un presupuesto claro antes de empezar cualquier trabajo.',
    (c) => `Estamos orgullosos de formar parte de la comunidad de ${c.city}. Cada cliente recibe la misma dedicación, sin importar el tamaño del proyecto.`,
  ],
  services: () => ['Consulta inicial gratuita', 'Presupuesto sin compromiso', 'Horarios flexibles', 'Atención personalizada', 'Tarjetas de regalo'],
  blurbs: [
    (s) => `${s}: un servicio pensado para que usted no tenga que preocuparse por nada.`,
    (s, c) => `${s} para familias y empresas de ${c.city} y alrededores.`,
  ],
  reviews: [
    () => 'Un servicio excelente, muy rápidos y con un precio justo. Los recomiendo sin dudarlo.',
    () => 'Muy amables y profesionales. Nos explicaron todo con paciencia y el resultado fue perfecto.',
    (c) => `Sin duda los mejores de ${c.city}. Volveremos a contar con ellos.`,
  ],
  about: [
    (c) => `${c.name} abrió sus puertas en ${c.founded} con una idea muy sencilla: tratar a cada cliente como nos gustaría que nos trataran a nosotros.`,
    (c) => `Hoy nuestro pequeño equipo atiende a hogares y negocios de toda la zona de ${c.city}, y seguimos contestando el teléfono nosotros mismos.`,
  ],
  owner: {
    owner: (n) => `Propietario: ${n}`,
    founded: (n, y) => `Fundada por ${n} en ${y}`,
    meet: (n) => `Le presentamos a ${n}, propietario`,
  },
  contactIntro: () => 'Nos encantaría saber de usted. Llámenos, escríbanos o visítenos y le responderemos en menos de un día hábil.',
  thanks: '¡Gracias! Hemos recibido su mensaje.',
  notFound: 'Lo sentimos, la página que busca no existe.',
};

const FR: Copy = {
  nav: { home: 'Accueil', services: 'Services', about: 'À propos', contact: 'Contact' },
  heading: { services: 'Nos services', about: 'Qui sommes-nous', reviews: 'Ce que disent nos clients', contact: 'Nous contacter', hours: 'Horaires', gallery: 'Réalisations récentes', shop: 'Boutique en ligne', book: 'Prendre rendez-vous', newsletter: 'Inscrivez-vous à notre lettre d’information' },
  label: { phone: 'Téléphone', email: 'Courriel', address: 'Adresse', name: 'Votre nom', message: 'Comment pouvons-nous vous aider ?', send: 'Envoyer le message', subscribe: 'S’inscrire', addToCart: 'Ajouter au panier', bookNow: 'Réserver', follow: 'Suivez-nous', giftCard: 'Carte cadeau' },
  taglines: [
    (c) => `Des ${c.industry.trade.fr} de qualité à ${c.city} depuis ${c.founded}`,
    () => 'Un travail honnête, des prix justes et un accueil chaleureux',
  ],
  intro: [
    (c) => `${c.name} est une entreprise familiale installée à ${where(c)}. Nous proposons des ${c.industry.trade.fr} avec le soin et la proximité que nos clients méritent.`,
    () => 'Nous prenons le temps de vous écouter, nous vous expliquons chaque option avec des mots simples et nous vous remettons un devis clair avant de commencer.',
    (c) => `Nous sommes fiers de faire partie de la communauté de ${c.city}. Chaque client reçoit la même attention, quelle que soit la taille du projet.`,
  ],
  services: () => ['Première consultation gratuite', 'Devis sans engagement', 'Horaires flexibles', 'Accompagnement personnalisé', 'Cartes cadeaux'],
  blurbs: [
    (s) => `${s} : un service pensé pour vous simplifier la vie.`,
    (s, c) => `${s} pour les familles et les entreprises de ${c.city} et des environs.`,
  ],
  reviews: [
    () => 'Un service excellent, rapide et à un prix honnête. Je les recommande vivement.',
    () => 'Une équipe aimable et professionnelle qui a pris le temps de tout nous expliquer.',
    (c) => `Sans aucun doute les meilleurs de ${c.city}. Nous ferons de nouveau appel à eux.`,
  ],
  about: [
    (c) => `${c.name} a ouvert ses portes en ${c.founded} avec une idée simple : traiter chaque client comme nous aimerions être traités.`,
    (c) => `Aujourd’hui, notre petite équipe accompagne les particuliers et les entreprises de toute la région de ${c.city}, et nous répondons toujours nous-mêmes au téléphone.`,
  ],
  owner: {
    owner: (n) => `Gérant : ${n}`,
    founded: (n, y) => `Fondée par ${n} en ${y}`,
    meet: (n) => `Voici ${n}, gérant`,
  },
  contactIntro: () => 'N’hésitez pas à nous appeler, à nous écrire ou à passer nous voir : nous vous répondrons sous un jour ouvré.',
  thanks: 'Merci ! Votre message a bien été reçu.',
  notFound: 'Désolé, la page que vous cherchez n’existe pas.',
};

const DE: Copy = {
  nav: { home: 'Startseite', services: 'Leistungen', about: 'Über uns', contact: 'Kontakt' },
  heading: { services: 'Unsere Leistungen', about: 'Über uns', reviews: 'Das sagen unsere Kunden', contact: 'Kontakt aufnehmen', hours: 'Öffnungszeiten', gallery: 'Aktuelle Projekte', shop: 'Onlineshop', book: 'Termin vereinbaren', newsletter: 'Newsletter abonnieren' },
  label: { phone: 'Telefon', email: 'E-Mail', address: 'Adresse', name: 'Ihr Name', message: 'Wie können wir helfen?', send: 'Nachricht senden', subscribe: 'Abonnieren', addToCart: 'In den Warenkorb', bookNow: 'Jetzt buchen', follow: 'Folgen Sie uns', giftCard: 'Geschenkgutschein' },
  taglines: [
    (c) => `${c.industry.trade.de} in ${c.city} seit ${c.founded}`,
    () => 'Ehrliche Arbeit, faire Preise und persönliche Beratung',
  ],
  intro: [
    (c) => `${c.name} ist ein Familienbetrieb in ${where(c)}. Wir bieten ${c.industry.trade.de} mit der Sorgfalt und Nähe, die unsere Kunden verdienen.`,
    () => 'Wir hören Ihnen genau zu, erklären alle Möglichkeiten in einfachen Worten und geben Ihnen vor Beginn der Arbeiten ein klares Angebot.',
    (c) => `Wir sind stolz darauf, ein Teil der Gemeinschaft in ${c.city} zu sein. Jeder Kunde bekommt die gleiche Aufmerksamkeit, egal wie groß das Projekt ist.`,
  ],
  services: () => ['Kostenlose Erstberatung', 'Unverbindliches Angebot', 'Flexible Termine', 'Persönliche Betreuung', 'Geschenkgutscheine'],
  blurbs: [
    (s) => `${s}: ein Angebot, bei dem Sie sich um nichts kümmern müssen.`,
    (s, c) => `${s} für Familien und Unternehmen in ${c.city} und Umgebung.`,
  ],
  reviews: [
    () => 'Hervorragender Service, schnell und zu einem fairen Preis. Absolut empfehlenswert.',
    () => 'Sehr freundlich und professionell. Man hat uns alles geduldig erklärt und das Ergebnis ist perfekt.',
    (c) => `Ohne Zweifel die Besten in ${c.city}. Wir kommen gerne wieder.`,
  ],
  about: [
    (c) => `${c.name} wurde ${c.founded} mit einer einfachen Idee gegründet: jeden Kunden so zu behandeln, wie wir selbst behandelt werden möchten.`,
    (c) => `Heute betreut unser kleines Team Haushalte und Betriebe in der ganzen Region ${c.city}, und wir gehen immer noch selbst ans Telefon.`,
  ],
  owner: {
    owner: (n) => `Inhaber: ${n}`,
    founded: (n, y) => `Gegründet von ${n} im Jahr ${y}`,
    meet: (n) => `Das ist ${n}, Inhaber`,
  },
  contactIntro: () => 'Wir freuen uns auf Ihre Nachricht. Rufen Sie an, schreiben Sie uns oder besuchen Sie uns, wir melden uns innerhalb eines Werktags.',
  thanks: 'Vielen Dank! Ihre Nachricht ist bei uns eingegangen.',
  notFound: 'Die gesuchte Seite gibt es leider nicht.',
};

export const COPY: Record<Language, Copy> = { en: EN, es: ES, fr: FR, de: DE };
