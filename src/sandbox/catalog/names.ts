// Name parts for fictional owners and businesses. Combinations are random, so no record
// describes a real person; the agencies below are invented too.

export type Language = 'en' | 'es' | 'fr' | 'de';
export const LANGUAGES: readonly Language[] = ['en', 'es', 'fr', 'de'];

export const FIRST_NAMES: Record<Language, readonly string[]> = {
  en: ['Maria', 'James', 'Priya', 'Daniel', 'Emily', 'Marcus', 'Hannah', 'Luis', 'Grace', 'Owen', 'Sofia', 'Tyler', 'Aisha', 'Caleb', 'Megan', 'Victor', 'Nora', 'Ethan', 'Rosa', 'Derek'],
  es: ['Lucía', 'Javier', 'Carmen', 'Alejandro', 'Isabel', 'Mateo', 'Elena', 'Diego', 'Valeria', 'Andrés'],
  fr: ['Camille', 'Julien', 'Élodie', 'Mathieu', 'Sophie', 'Antoine', 'Claire', 'Nicolas', 'Margaux', 'Olivier'],
  de: ['Katrin', 'Stefan', 'Anja', 'Lukas', 'Sabine', 'Jonas', 'Heike', 'Florian', 'Miriam', 'Tobias'],
};

export const SURNAMES: Record<Language, readonly string[]> = {
  en: ['Lopez', 'Bennett', 'Okafor', 'Nguyen', 'Harrison', 'Patel', 'Sullivan', 'Whitaker', 'Moreno', 'Kowalski', 'Fischer', 'Delgado', 'Brennan', 'Castillo', 'Hollis', 'Tran', 'Mercer', 'Abbott', 'Lindqvist', 'Ramsey', 'Novak', 'Ellison', 'Galloway', 'Park'],
  es: ['García', 'Rodríguez', 'Martínez', 'Hernández', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Navarro', 'Ortega', 'Vega', 'Castro'],
  fr: ['Dubois', 'Laurent', 'Moreau', 'Lefebvre', 'Girard', 'Fontaine', 'Rousseau', 'Mercier', 'Chevalier', 'Blanchard', 'Garnier', 'Faure'],
  de: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Wagner', 'Krüger', 'Schäfer', 'Bauer', 'Richter'],
};

/** First words of names like "Evergreen Plumbing". */
export const NAME_ADJECTIVES: readonly string[] = [
  'Evergreen', 'Summit', 'Cornerstone', 'Riverbend', 'Northside', 'Pioneer', 'Heritage', 'Bright Path',
  'Copper Creek', 'Oak Street', 'Blue Door', 'Maple Leaf', 'Red Rock', 'Silver Lake', 'Granite', 'Hometown',
  'Golden Hour', 'Trusted', 'Lantern', 'Juniper',
];

/** Invented web agencies: a second, third-party address to test "prefer the site's own domain". */
export const AGENCIES: readonly { name: string; domain: string; local: string }[] = [
  { name: 'PixelForge Studio', domain: 'pixelforgestudio.com', local: 'webmaster' },
  { name: 'Bluepeak Web', domain: 'bluepeakweb.com', local: 'support' },
  { name: 'SiteCraft Design', domain: 'sitecraftdesign.net', local: 'hello' },
  { name: 'Northwind Digital', domain: 'northwinddigital.co', local: 'webmaster' },
];

/** Role mailboxes by language: what a small business puts on its site. */
export const ROLE_LOCALS: Record<Language, readonly string[]> = {
  en: ['info', 'contact', 'hello', 'office'],
  es: ['info', 'contacto', 'hola'],
  fr: ['contact', 'bonjour', 'info'],
  de: ['info', 'kontakt', 'post'],
};

/** Letters only, no accents: for slugs, domains and mailbox names. */
export function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[’']/g, '');
}

export function slugify(text: string): string {
  return asciiFold(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
