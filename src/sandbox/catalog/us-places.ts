// US states and well-known US cities, for sites generated for a search the catalogue cannot
// answer ("roofers in Phoenix"): a city named here gets its state, a real area code and ZIP
// prefix (the numbers stay fictional: 555-01xx); any other town keeps the name the user typed
// and no state. The sandbox's own cities (places.ts) come first wherever a name is shared.
import { CITIES, type City } from './places.ts';

export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

// name, state, area code, ZIP prefix — at least one city in every state.
const KNOWN: readonly (readonly [string, string, string, string])[] = [
  ['New York', 'NY', '212', '100'], ['Los Angeles', 'CA', '213', '900'], ['Chicago', 'IL', '312', '606'],
  ['Houston', 'TX', '713', '770'], ['Phoenix', 'AZ', '602', '850'], ['Philadelphia', 'PA', '215', '191'],
  ['San Antonio', 'TX', '210', '782'], ['San Diego', 'CA', '619', '921'], ['Dallas', 'TX', '214', '752'],
  ['San Jose', 'CA', '408', '951'], ['Jacksonville', 'FL', '904', '322'], ['Fort Worth', 'TX', '817', '761'],
  ['Charlotte', 'NC', '704', '282'], ['Indianapolis', 'IN', '317', '462'], ['San Francisco', 'CA', '415', '941'],
  ['Seattle', 'WA', '206', '981'], ['Oklahoma City', 'OK', '405', '731'], ['El Paso', 'TX', '915', '799'],
  ['Washington', 'DC', '202', '200'], ['Boston', 'MA', '617', '021'], ['Las Vegas', 'NV', '702', '891'],
  ['Detroit', 'MI', '313', '482'], ['Memphis', 'TN', '901', '381'], ['Louisville', 'KY', '502', '402'],
  ['Baltimore', 'MD', '410', '212'], ['Milwaukee', 'WI', '414', '532'], ['Fresno', 'CA', '559', '937'],
  ['Mesa', 'AZ', '480', '852'], ['Kansas City', 'MO', '816', '641'], ['Atlanta', 'GA', '404', '303'],
  ['Colorado Springs', 'CO', '719', '809'], ['Miami', 'FL', '305', '331'], ['Oakland', 'CA', '510', '946'],
  ['Minneapolis', 'MN', '612', '554'], ['Tulsa', 'OK', '918', '741'], ['Wichita', 'KS', '316', '672'],
  ['Arlington', 'TX', '817', '760'], ['Tampa', 'FL', '813', '336'], ['New Orleans', 'LA', '504', '701'],
  ['Cleveland', 'OH', '216', '441'], ['Honolulu', 'HI', '808', '968'], ['Anaheim', 'CA', '714', '928'],
  ['Lexington', 'KY', '859', '405'], ['Henderson', 'NV', '702', '890'], ['Saint Paul', 'MN', '651', '551'],
  ['St. Louis', 'MO', '314', '631'], ['Cincinnati', 'OH', '513', '452'], ['Pittsburgh', 'PA', '412', '152'],
  ['Greensboro', 'NC', '336', '274'], ['Anchorage', 'AK', '907', '995'], ['Plano', 'TX', '972', '750'],
  ['Lincoln', 'NE', '402', '685'], ['Orlando', 'FL', '407', '328'], ['Irvine', 'CA', '949', '926'],
  ['Newark', 'NJ', '973', '071'], ['Toledo', 'OH', '419', '436'], ['Durham', 'NC', '919', '277'],
  ['Jersey City', 'NJ', '201', '073'], ['St. Petersburg', 'FL', '727', '337'], ['Laredo', 'TX', '956', '780'],
  ['Chandler', 'AZ', '480', '852'], ['Scottsdale', 'AZ', '480', '852'], ['Tempe', 'AZ', '480', '852'],
  ['Buffalo', 'NY', '716', '142'], ['Lubbock', 'TX', '806', '794'], ['Reno', 'NV', '775', '895'],
  ['Norfolk', 'VA', '757', '235'], ['Virginia Beach', 'VA', '757', '234'], ['Richmond', 'VA', '804', '232'],
  ['Baton Rouge', 'LA', '225', '708'], ['Des Moines', 'IA', '515', '503'], ['Tacoma', 'WA', '253', '984'],
  ['Birmingham', 'AL', '205', '352'], ['Huntsville', 'AL', '256', '358'], ['Rochester', 'NY', '585', '146'],
  ['Salt Lake City', 'UT', '801', '841'], ['Provo', 'UT', '801', '846'], ['Little Rock', 'AR', '501', '722'],
  ['Fayetteville', 'AR', '479', '727'], ['Providence', 'RI', '401', '029'], ['Charleston', 'SC', '843', '294'],
  ['Columbia', 'SC', '803', '292'], ['Greenville', 'SC', '864', '296'], ['Charleston', 'WV', '304', '253'],
  ['Portland', 'ME', '207', '041'], ['Manchester', 'NH', '603', '031'], ['Burlington', 'VT', '802', '054'],
  ['Bridgeport', 'CT', '203', '066'], ['Hartford', 'CT', '860', '061'], ['New Haven', 'CT', '203', '065'],
  ['Wilmington', 'DE', '302', '198'], ['Sioux Falls', 'SD', '605', '571'], ['Fargo', 'ND', '701', '581'],
  ['Billings', 'MT', '406', '591'], ['Missoula', 'MT', '406', '598'], ['Cheyenne', 'WY', '307', '820'],
  ['Jackson', 'MS', '601', '392'], ['Santa Fe', 'NM', '505', '875'], ['Knoxville', 'TN', '865', '379'],
  ['Chattanooga', 'TN', '423', '374'], ['Grand Rapids', 'MI', '616', '495'],
  ['Ann Arbor', 'MI', '734', '481'], ['Akron', 'OH', '330', '443'], ['Dayton', 'OH', '937', '454'],
  ['Springfield', 'IL', '217', '627'], ['Springfield', 'MO', '417', '658'], ['Springfield', 'MA', '413', '011'],
  ['Eugene', 'OR', '541', '974'], ['Salem', 'OR', '503', '973'], ['Boulder', 'CO', '303', '803'],
  ['Fort Collins', 'CO', '970', '805'], ['Asheville', 'NC', '828', '288'], ['Augusta', 'GA', '706', '309'],
  ['Athens', 'GA', '706', '306'], ['Tallahassee', 'FL', '850', '323'], ['Fort Lauderdale', 'FL', '954', '333'],
  ['Sarasota', 'FL', '941', '342'], ['Mobile', 'AL', '251', '366'], ['Shreveport', 'LA', '318', '711'],
  ['Corpus Christi', 'TX', '361', '784'], ['Amarillo', 'TX', '806', '791'], ['Waco', 'TX', '254', '767'],
  ['Bakersfield', 'CA', '661', '933'], ['Riverside', 'CA', '951', '925'], ['Long Beach', 'CA', '562', '908'],
  ['Pasadena', 'CA', '626', '911'], ['Santa Barbara', 'CA', '805', '931'], ['Berkeley', 'CA', '510', '947'],
  ['Alexandria', 'VA', '703', '223'], ['Worcester', 'MA', '508', '016'], ['Cambridge', 'MA', '617', '021'],
  ['Syracuse', 'NY', '315', '132'], ['Albany', 'NY', '518', '122'], ['Trenton', 'NJ', '609', '086'],
  ['Allentown', 'PA', '610', '181'], ['Harrisburg', 'PA', '717', '171'], ['Topeka', 'KS', '785', '666'],
  ['Overland Park', 'KS', '913', '662'], ['Duluth', 'MN', '218', '558'], ['Green Bay', 'WI', '920', '543'],
  ['Cedar Rapids', 'IA', '319', '524'], ['Bismarck', 'ND', '701', '585'], ['Rapid City', 'SD', '605', '577'],
  ['Juneau', 'AK', '907', '998'], ['Flagstaff', 'AZ', '928', '860'], ['Las Cruces', 'NM', '575', '880'],
  ['Idaho Falls', 'ID', '208', '834'], ['Bellevue', 'WA', '425', '980'], ['Olympia', 'WA', '360', '985'],
  ['Evansville', 'IN', '812', '477'], ['South Bend', 'IN', '574', '466'], ['Lansing', 'MI', '517', '489'],
  ['Peoria', 'IL', '309', '616'], ['Naperville', 'IL', '630', '605'], ['Gulfport', 'MS', '228', '395'],
  ['Norman', 'OK', '405', '730'], ['Casper', 'WY', '307', '826'], ['Frederick', 'MD', '301', '217'],
  ['Bangor', 'ME', '207', '044'], ['Lafayette', 'LA', '337', '705'], ['Hilo', 'HI', '808', '967'],
];

const GENERIC_STREETS = [
  'Main St', 'Oak Ave', 'Maple St', 'Washington Ave', 'Park Blvd', 'Lincoln Ave', 'Elm St', '2nd St', 'Pine St',
  'Center St', 'Broadway', 'Lake Dr', 'Cedar Ln', 'Highland Ave', 'Market St', 'River Rd', 'Church St', 'Mill Rd',
];

/** Lower case, accents folded, words separated by one space: how places are compared. */
export const placeKey = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’']/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function streetsOf(name: string): string[] {
  // Six of the generic streets, the same six for the same town (a cheap deterministic pick).
  let h = 7;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return Array.from({ length: 6 }, (_, i) => GENERIC_STREETS[(h + i * 5) % GENERIC_STREETS.length]);
}

const stateName = (code: string) => US_STATES[code] ?? '';

const KNOWN_CITIES: readonly City[] = [
  ...CITIES,
  ...KNOWN.filter(([name, state]) => !CITIES.some((c) => c.name === name && c.state === state)).map(
    ([name, state, areaCode, zipPrefix]): City => ({ name, state, stateName: stateName(state), areaCode, zipPrefix, streets: streetsOf(name) }),
  ),
];

/** Every city of a state the sandbox knows, catalogue cities first. */
export function knownCitiesIn(state: string): City[] {
  return KNOWN_CITIES.filter((c) => c.state === state);
}

/** A known US city by name (and state when given): the catalogue's first, then the bigger one. */
export function knownCity(name: string, state?: string | null): City | undefined {
  const key = placeKey(name);
  return KNOWN_CITIES.find((c) => placeKey(c.name) === key && (!state || c.state === state));
}

/** The longest known city name a text ends with ("dog groomers salt lake city" → Salt Lake City). */
export function knownCityAtEnd(words: readonly string[]): { city: City; words: number } | undefined {
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const city = knownCity(words.slice(-n).join(' '));
    if (city) return { city, words: n };
  }
  return undefined;
}

/** The state a text names by code ("AZ") or name ("arizona", "new mexico"), or undefined. */
export function stateCode(text: string): string | undefined {
  const key = placeKey(text);
  if (/^[a-z]{2}$/.test(key) && US_STATES[key.toUpperCase()]) return key.toUpperCase();
  return Object.keys(US_STATES).find((code) => placeKey(US_STATES[code]) === key);
}

/**
 * The City record of a generated site: a known city as it is; a town in a named state with
 * that state's first area code and ZIP prefix; any other town with no state and no ZIP.
 */
export function townOf(name: string, state: string | null): City {
  const known = knownCity(name, state);
  if (known) return known;
  const like = state ? knownCitiesIn(state)[0] : undefined;
  let h = 0;
  for (const c of placeKey(name)) h = (Math.imul(h, 33) + c.charCodeAt(0)) >>> 0;
  const areaCode = like?.areaCode ?? KNOWN_CITIES[h % KNOWN_CITIES.length].areaCode;
  return { name, state: state ?? '', stateName: state ? stateName(state) : '', areaCode, zipPrefix: like?.zipPrefix ?? '', streets: streetsOf(name) };
}
