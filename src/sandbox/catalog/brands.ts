// Names and slogans as small businesses really write them, per trade and language: made-up
// brands ("The Daily Loaf", "Salt & Ember"), one-person businesses named after their owner
// ("Nora Fischer CPA", "Law Office of Derek Ramsey"), and the slogans their titles and headers
// carry ("Fresh bread, baked before sunrise"). All invented; a trade the catalogue does not
// know falls back to the generic shapes in generate-details.ts.
import type { Language } from './names.ts';

/** Made-up brand names, several starting with "The" (a writer must not double the article). */
export const BRANDS: Record<string, readonly string[]> = {
  plumbers: ['The Plumbing Doctor', 'Pipe Dreams Plumbing', 'Drain Masters', 'Clear Flow Plumbing'],
  dentists: ['Bright Smiles Dental', 'The Tooth Fairy Dental Studio', 'Smile Works', 'Gentle Touch Dental'],
  electricians: ['Live Wire Electric', 'Bright Spark Electrical', 'Current Solutions', 'Volt Brothers Electric'],
  roofers: ['Top Notch Roofing', 'The Roof Guys', 'High Point Roofing', 'Shingle Masters'],
  bakeries: ['The Daily Loaf', 'Rise & Shine Bakery', 'Crumb & Co.', 'The Flour Pot'],
  florists: ['The Petal Pusher', 'Wild Stem Flowers', 'Bloom & Branch', 'The Flower Cart'],
  'law-firms': ['Harbor Legal Group', 'Keystone Law', 'Fairway Legal', 'The Justice Partners'],
  accountants: ['Ledger & Balance', 'Clear Books Accounting', 'The Numbers People', 'Bottom Line Tax'],
  'auto-repair': ['The Car Clinic', 'Wrench Works Auto', 'Gearhead Garage', 'Precision Auto Care'],
  'hair-salons': ['The Hair Lounge', 'Shear Bliss', 'The Hive Salon', 'Mane Street'],
  restaurants: ['The Copper Pot', 'Salt & Ember', 'The Hungry Fox', 'Olive & Thyme'],
  landscapers: ['Green Thumb Landscaping', 'The Yard Crew', 'Fresh Cut Lawns', 'Stone & Fern'],
  veterinarians: ['Paws & Claws Animal Hospital', 'The Pet Clinic', 'Happy Tails Vet', 'Whiskers Animal Care'],
  'yoga-studios': ['The Quiet Mat', 'Lotus Flow Yoga', 'Still Point Yoga', 'The Breathing Room'],
  hvac: ['Cool Breeze Heating & Air', 'Comfort Zone HVAC', 'Polar Bear Air', 'The Furnace Guys'],
  photographers: ['Golden Frame Photography', 'The Photo Loft', 'Shutterbug Studio', 'Silver Lining Photo'],
};

/** A one-person business named after its owner: "Nora Fischer CPA", "Law Office of Derek Ramsey". */
export function ownerNamed(trade: string, first: string, last: string, language: Language, foreignWord: string): string {
  const full = `${first} ${last}`;
  if (language === 'de') return trade === 'dentists' || trade === 'veterinarians' ? `${foreignWord} Dr. ${full}` : `${foreignWord} ${full}`;
  if (language !== 'en') return `${foreignWord} ${full}`;
  switch (trade) {
    case 'accountants':
      return `${full} CPA`;
    case 'law-firms':
      return `Law Office of ${full}`;
    case 'dentists':
      return `${full} DDS`;
    case 'veterinarians':
      return `${full} DVM`;
    case 'photographers':
      return `${full} Photography`;
    case 'yoga-studios':
      return `Yoga with ${first}`;
    case 'hair-salons':
      return `${full} Hair Studio`;
    case 'florists':
      return `${full} Floral Design`;
    default:
      return `${full} ${TRADE_WORD[trade] ?? 'Services'}`;
  }
}

const TRADE_WORD: Record<string, string> = {
  plumbers: 'Plumbing',
  electricians: 'Electric',
  roofers: 'Roofing',
  bakeries: 'Bakery',
  'auto-repair': 'Auto Repair',
  restaurants: 'Kitchen',
  landscapers: 'Landscaping',
  hvac: 'Heating & Cooling',
};

/** "e Hijos", "& Fils", "& Sohn": the family firm in each language. */
export const FAMILY: Record<Exclude<Language, 'en'>, string> = { es: 'e Hijos', fr: '& Fils', de: '& Sohn' };

/** Slogans a trade puts in its title or beside its name, in English. */
export const SLOGANS: Record<string, readonly string[]> = {
  plumbers: ['Fast, reliable plumbing when you need it most', 'No leak too small, no job too big'],
  dentists: ['Gentle care for the whole family', 'Healthy smiles start here'],
  electricians: ['Safe, licensed and on time', 'Powering homes and businesses since day one'],
  roofers: ['A roof you can count on', 'Storm damage? We can help'],
  bakeries: ['Fresh bread, baked before sunrise', 'Cakes, pastries and good mornings'],
  florists: ['Flowers for every occasion', 'Same-day delivery, made with love'],
  'law-firms': ['Experienced attorneys who listen', 'Straight answers to legal questions'],
  accountants: ['Taxes done right, without the stress', 'Bookkeeping and tax help for small business'],
  'auto-repair': ['Honest repairs, no surprises', 'Keeping your car on the road'],
  'hair-salons': ['Look good, feel great', 'Cuts, color and style for everyone'],
  restaurants: ['Seasonal food, local ingredients', 'Good food, good friends, good times'],
  landscapers: ['Beautiful yards, all year round', 'Lawn care and landscape design'],
  veterinarians: ['Compassionate care for your best friend', 'Caring for pets like family'],
  'yoga-studios': ['Breathe, move, belong', 'Classes for every body and every level'],
  hvac: ['Stay cool in summer and warm in winter', '24/7 heating and air conditioning repair'],
  photographers: ['Capturing the moments that matter', 'Weddings, portraits and family photos'],
};

/** Slogans in the other languages, for any trade (the trade phrase comes from the catalogue). */
export const FOREIGN_SLOGANS: Record<Exclude<Language, 'en'>, readonly ((trade: string, city: string) => string)[]> = {
  es: [
    (t, city) => `Los mejores ${t} de ${city} y alrededores`,
    () => 'Calidad y confianza al mejor precio',
    () => 'Tu satisfacción es nuestra prioridad',
  ],
  fr: [
    (t, city) => `Vos ${t} à ${city} et dans les environs`,
    () => 'La qualité au service de nos clients',
    () => 'Votre satisfaction, notre priorité',
  ],
  de: [
    (t, city) => `Ihr Partner für ${t} in ${city} und Umgebung`,
    () => 'Qualität, auf die Sie sich verlassen können',
    () => 'Ihr Meisterbetrieb mit Herz',
  ],
};

/** The legal form a copyright line gives the holder, per language. */
export const LEGAL_FORMS: Record<Language, readonly string[]> = {
  en: ['LLC', 'Inc.', 'Co.', 'Ltd.'],
  es: ['S.L.', 'S.A.'],
  fr: ['SARL', 'SAS'],
  de: ['GmbH', 'e.K.', 'GmbH & Co. KG'],
};

/** "Welcome to X" as a home page's heading says it. */
export const WELCOME: Record<Language, (name: string) => string> = {
  en: (n) => `Welcome to ${n}`,
  es: (n) => `Bienvenidos a ${n}`,
  fr: (n) => `Bienvenue chez ${n}`,
  de: (n) => `Willkommen bei ${n}`,
};

/** "Plumbers in Austin, TX": a trade in a place, as a heading or title part. */
export const TRADE_IN: Record<Language, string> = { en: 'in', es: 'en', fr: 'à', de: 'in' };
