// The trades and shops of the sandbox web: how they are named, what they offer, which words
// find them in a search, and how they say who they are in Spanish, French and German.
import { genericIndustry } from './trades.ts';

/** How a business takes bookings, which decides the booking widgets it may carry. */
export type BookingStyle = 'appointments' | 'restaurant' | 'trade' | 'shop';

export interface Industry {
  key: string;
  /** Plural label, e.g. "Plumbers". */
  label: string;
  /** One of them, e.g. "plumber". */
  singular: string;
  /** Words a searcher may use, singular and plural and a few synonyms (lower case). */
  terms: readonly string[];
  /** Name endings, e.g. "Lopez Plumbing", "Evergreen Plumbing & Drain". */
  nouns: readonly string[];
  /** Whether "Maria's Bakery" style names make sense. */
  possessive: boolean;
  services: readonly string[];
  /** schema.org type for the JSON-LD block. */
  schemaType: string;
  booking: BookingStyle;
  /** Sells goods, so an online shop is likely. */
  sellsGoods: boolean;
  /** Business noun in other languages, for names like "Panadería García". */
  foreign: { es: string; fr: string; de: string };
  /** What they do, as a phrase for sentences in other languages. */
  trade: { es: string; fr: string; de: string };
}

export const INDUSTRIES: readonly Industry[] = [
  {
    key: 'plumbers', label: 'Plumbers', singular: 'plumber',
    terms: ['plumber', 'plumbers', 'plumbing', 'drain cleaning'],
    nouns: ['Plumbing', 'Plumbing & Drain', 'Plumbing Co.', 'Pipe Works'], possessive: false,
    services: ['Emergency leak repair', 'Water heater installation', 'Drain cleaning', 'Repiping', 'Sewer line inspection', 'Fixture replacement'],
    schemaType: 'Plumber', booking: 'trade', sellsGoods: false,
    foreign: { es: 'Plomería', fr: 'Plomberie', de: 'Sanitärtechnik' },
    trade: { es: 'servicios de plomería', fr: 'travaux de plomberie', de: 'Sanitär- und Heizungsarbeiten' },
  },
  {
    key: 'dentists', label: 'Dentists', singular: 'dentist',
    terms: ['dentist', 'dentists', 'dental', 'dentistry', 'dental clinic', 'orthodontist'],
    nouns: ['Dental', 'Family Dentistry', 'Dental Care', 'Dental Studio'], possessive: false,
    services: ['Routine cleanings', 'Teeth whitening', 'Dental implants', 'Invisalign', 'Emergency dentistry', 'Crowns and bridges'],
    schemaType: 'Dentist', booking: 'appointments', sellsGoods: false,
    foreign: { es: 'Clínica Dental', fr: 'Cabinet Dentaire', de: 'Zahnarztpraxis' },
    trade: { es: 'tratamientos dentales', fr: 'soins dentaires', de: 'zahnärztliche Behandlungen' },
  },
  {
    key: 'electricians', label: 'Electricians', singular: 'electrician',
    terms: ['electrician', 'electricians', 'electrical contractor', 'electrical contractors', 'electrical'],
    nouns: ['Electric', 'Electrical Services', 'Electric Co.', 'Wiring'], possessive: false,
    services: ['Panel upgrades', 'EV charger installation', 'Lighting design', 'Whole-home rewiring', 'Generator hookups', 'Code inspections'],
    schemaType: 'Electrician', booking: 'trade', sellsGoods: false,
    foreign: { es: 'Electricidad', fr: 'Électricité', de: 'Elektrotechnik' },
    trade: { es: 'instalaciones eléctricas', fr: 'installations électriques', de: 'Elektroinstallationen' },
  },
  {
    key: 'roofers', label: 'Roofers', singular: 'roofer',
    terms: ['roofer', 'roofers', 'roofing', 'roofing contractor', 'roofing contractors', 'roof repair'],
    nouns: ['Roofing', 'Roofing & Exteriors', 'Roof Pros', 'Roofing Co.'], possessive: false,
    services: ['Roof replacement', 'Storm damage repair', 'Gutter installation', 'Shingle repair', 'Flat roof coating', 'Free roof inspections'],
    schemaType: 'RoofingContractor', booking: 'trade', sellsGoods: false,
    foreign: { es: 'Techos', fr: 'Toitures', de: 'Dachdeckerei' },
    trade: { es: 'reparación de techos', fr: 'travaux de couverture', de: 'Dacharbeiten' },
  },
  {
    key: 'bakeries', label: 'Bakeries', singular: 'bakery',
    terms: ['bakery', 'bakeries', 'baker', 'bakers', 'bakeshop', 'pastry shop', 'cake shop'],
    nouns: ['Bakery', 'Bake Shop', 'Bread Co.', 'Pastries'], possessive: true,
    services: ['Sourdough loaves', 'Custom celebration cakes', 'Morning pastries', 'Wedding cakes', 'Gluten-free baking', 'Catering trays'],
    schemaType: 'Bakery', booking: 'shop', sellsGoods: true,
    foreign: { es: 'Panadería', fr: 'Boulangerie', de: 'Bäckerei' },
    trade: { es: 'pan artesanal y pasteles', fr: 'pains et pâtisseries artisanales', de: 'Brot und Backwaren aus eigener Herstellung' },
  },
  {
    key: 'florists', label: 'Florists', singular: 'florist',
    terms: ['florist', 'florists', 'flower shop', 'flower shops', 'flowers', 'flower delivery'],
    nouns: ['Flowers', 'Florist', 'Floral Design', 'Blooms'], possessive: true,
    services: ['Same-day flower delivery', 'Wedding florals', 'Sympathy arrangements', 'Weekly office flowers', 'Potted plants', 'Event installations'],
    schemaType: 'Florist', booking: 'shop', sellsGoods: true,
    foreign: { es: 'Floristería', fr: 'Fleuriste', de: 'Blumenladen' },
    trade: { es: 'arreglos florales', fr: 'compositions florales', de: 'Blumensträuße und Gestecke' },
  },
  {
    key: 'law-firms', label: 'Law Firms', singular: 'law firm',
    terms: ['law firm', 'law firms', 'lawyer', 'lawyers', 'attorney', 'attorneys', 'legal services'],
    nouns: ['Law', 'Law Group', 'Legal', 'Law Office'], possessive: false,
    services: ['Estate planning', 'Family law', 'Business formation', 'Personal injury', 'Real estate closings', 'Contract review'],
    schemaType: 'LegalService', booking: 'appointments', sellsGoods: false,
    foreign: { es: 'Abogados', fr: 'Cabinet d’avocats', de: 'Rechtsanwaltskanzlei' },
    trade: { es: 'asesoría legal', fr: 'conseil juridique', de: 'Rechtsberatung' },
  },
  {
    key: 'accountants', label: 'Accountants', singular: 'accountant',
    terms: ['accountant', 'accountants', 'accounting', 'cpa', 'cpas', 'bookkeeping', 'bookkeeper', 'tax preparation'],
    nouns: ['CPA', 'Accounting', 'Tax & Accounting', 'Bookkeeping'], possessive: false,
    services: ['Tax preparation', 'Monthly bookkeeping', 'Payroll', 'IRS representation', 'Small business advisory', 'Quarterly estimates'],
    schemaType: 'AccountingService', booking: 'appointments', sellsGoods: false,
    foreign: { es: 'Contadores', fr: 'Cabinet Comptable', de: 'Steuerberatung' },
    trade: { es: 'contabilidad e impuestos', fr: 'comptabilité et fiscalité', de: 'Buchhaltung und Steuererklärungen' },
  },
  {
    key: 'auto-repair', label: 'Auto Repair', singular: 'auto repair shop',
    terms: ['auto repair', 'auto repair shop', 'auto repair shops', 'mechanic', 'mechanics', 'car repair', 'auto shop', 'garage'],
    nouns: ['Auto Repair', 'Automotive', 'Auto Care', 'Garage'], possessive: true,
    services: ['Brake service', 'Oil changes', 'Check engine diagnostics', 'Transmission repair', 'Tire rotation', 'State inspections'],
    schemaType: 'AutoRepair', booking: 'trade', sellsGoods: false,
    foreign: { es: 'Taller Mecánico', fr: 'Garage', de: 'Autowerkstatt' },
    trade: { es: 'reparación de autos', fr: 'réparation automobile', de: 'Kfz-Reparaturen' },
  },
  {
    key: 'hair-salons', label: 'Hair Salons', singular: 'hair salon',
    terms: ['hair salon', 'hair salons', 'salon', 'salons', 'hairdresser', 'hairdressers', 'hair stylist', 'barber'],
    nouns: ['Hair Studio', 'Salon', 'Hair Co.', 'Hair Lounge'], possessive: true,
    services: ['Cuts and styling', 'Balayage', 'Color correction', 'Keratin treatments', 'Bridal hair', 'Beard trims'],
    schemaType: 'HairSalon', booking: 'appointments', sellsGoods: true,
    foreign: { es: 'Peluquería', fr: 'Salon de Coiffure', de: 'Friseursalon' },
    trade: { es: 'cortes y color', fr: 'coupes et colorations', de: 'Haarschnitte und Colorationen' },
  },
  {
    key: 'restaurants', label: 'Restaurants', singular: 'restaurant',
    terms: ['restaurant', 'restaurants', 'diner', 'diners', 'bistro', 'eatery', 'places to eat'],
    nouns: ['Kitchen', 'Bistro', 'Grill', 'Eatery'], possessive: true,
    services: ['Seasonal dinner menu', 'Weekend brunch', 'Private dining', 'Catering', 'Takeout and delivery', 'Happy hour'],
    schemaType: 'Restaurant', booking: 'restaurant', sellsGoods: true,
    foreign: { es: 'Restaurante', fr: 'Restaurant', de: 'Restaurant' },
    trade: { es: 'cocina casera', fr: 'cuisine maison', de: 'hausgemachte Küche' },
  },
  {
    key: 'landscapers', label: 'Landscapers', singular: 'landscaper',
    terms: ['landscaper', 'landscapers', 'landscaping', 'lawn care', 'gardener', 'gardeners', 'yard service'],
    nouns: ['Landscaping', 'Lawn & Garden', 'Landscape Design', 'Outdoor Living'], possessive: false,
    services: ['Weekly lawn care', 'Landscape design', 'Irrigation repair', 'Tree trimming', 'Hardscaping', 'Seasonal cleanups'],
    schemaType: 'HomeAndConstructionBusiness', booking: 'trade', sellsGoods: false,
    foreign: { es: 'Jardinería', fr: 'Paysagiste', de: 'Garten- und Landschaftsbau' },
    trade: { es: 'diseño y cuidado de jardines', fr: 'aménagement de jardins', de: 'Gartengestaltung und Gartenpflege' },
  },
  {
    key: 'veterinarians', label: 'Veterinarians', singular: 'veterinarian',
    terms: ['veterinarian', 'veterinarians', 'vet', 'vets', 'veterinary', 'animal hospital', 'animal hospitals', 'pet clinic'],
    nouns: ['Animal Hospital', 'Veterinary Clinic', 'Pet Care', 'Vet Clinic'], possessive: false,
    services: ['Wellness exams', 'Vaccinations', 'Dental cleanings for pets', 'Spay and neuter', 'Urgent care', 'Senior pet care'],
    schemaType: 'VeterinaryCare', booking: 'appointments', sellsGoods: true,
    foreign: { es: 'Clínica Veterinaria', fr: 'Clinique Vétérinaire', de: 'Tierarztpraxis' },
    trade: { es: 'cuidado de mascotas', fr: 'soins pour animaux', de: 'Tiermedizin' },
  },
  {
    key: 'yoga-studios', label: 'Yoga Studios', singular: 'yoga studio',
    terms: ['yoga studio', 'yoga studios', 'yoga', 'yoga classes', 'pilates'],
    nouns: ['Yoga', 'Yoga Studio', 'Yoga & Wellness', 'Yoga Collective'], possessive: false,
    services: ['Vinyasa flow', 'Hot yoga', 'Beginner series', 'Prenatal yoga', 'Private sessions', 'Teacher training'],
    schemaType: 'SportsActivityLocation', booking: 'appointments', sellsGoods: true,
    foreign: { es: 'Estudio de Yoga', fr: 'Studio de Yoga', de: 'Yogastudio' },
    trade: { es: 'clases de yoga', fr: 'cours de yoga', de: 'Yogakurse' },
  },
  {
    key: 'hvac', label: 'HVAC Contractors', singular: 'HVAC contractor',
    terms: ['hvac', 'hvac contractor', 'hvac contractors', 'heating and cooling', 'air conditioning', 'ac repair', 'furnace repair'],
    nouns: ['Heating & Air', 'HVAC', 'Comfort Systems', 'Heating & Cooling'], possessive: false,
    services: ['AC repair', 'Furnace tune-ups', 'Heat pump installation', 'Duct cleaning', 'Thermostat upgrades', 'Maintenance plans'],
    schemaType: 'HVACBusiness', booking: 'trade', sellsGoods: false,
    foreign: { es: 'Climatización', fr: 'Chauffage et Climatisation', de: 'Heizung und Klima' },
    trade: { es: 'calefacción y aire acondicionado', fr: 'chauffage et climatisation', de: 'Heizungs- und Klimatechnik' },
  },
  {
    key: 'photographers', label: 'Photographers', singular: 'photographer',
    terms: ['photographer', 'photographers', 'photography', 'photo studio', 'wedding photographer'],
    nouns: ['Photography', 'Photo Studio', 'Portraits', 'Imaging'], possessive: true,
    services: ['Wedding photography', 'Family portraits', 'Headshots', 'Product photography', 'Event coverage', 'Photo restoration'],
    schemaType: 'ProfessionalService', booking: 'appointments', sellsGoods: true,
    foreign: { es: 'Fotografía', fr: 'Studio Photo', de: 'Fotostudio' },
    trade: { es: 'fotografía profesional', fr: 'photographie professionnelle', de: 'professionelle Fotografie' },
  },
];

const GENERIC = new Map<string, Industry>();

/** A catalogue industry, or the generic template of a generated site's trade ("dog-groomer"). */
export function industryByKey(key: string): Industry {
  const found = INDUSTRIES.find((i) => i.key === key);
  if (found) return found;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key)) throw new Error(`unknown sandbox industry "${key}"`);
  let generic = GENERIC.get(key);
  if (!generic) {
    if (GENERIC.size >= 1000) GENERIC.clear();
    GENERIC.set(key, (generic = genericIndustry(key)));
  }
  return generic;
}
