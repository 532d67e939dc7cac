// Given names and how a stranger addresses their bearer in a formal note. German, French, Dutch
// and Polish greet a named person by title and surname ("Guten Tag Frau Bartl,", "Bonjour Monsieur
// Lévêque,", "Beste meneer Springvloed,") or, in Polish, by title and the first name's vocative
// ("Dzień dobry Pani Moniko,"); the title needs the person's sex, which a page rarely states. A
// first name says it only when it is common and unambiguous in the languages these notes are
// written in: a name that is a man's in one (Andrea, Nicola, Simone in Italian) and a woman's in
// another, or a unisex one (Dominique, Kim, Sascha), is in neither list, and without a sex the
// greeting is not titled.

export type Sex = 'female' | 'male';

const FEMALE = new Set(
  `
  ada adela adelajda adriana agata agnes agnès agnieszka aileen alexandra alicia alicja alina alice amanda amelia amélie anastasia ana anabel
  angela angelika angèle angelina anita anja anke anna anne anneke annemarie annemieke annette annick antje antonia antonina ariane astrid aurélie
  babette barbara beata beate beatrice béatrice beatriz bettina bianca birgit blanca brigitte britta bożena bozena camila carina carla carmen
  cármen carola caroline carolina catarina catherine cecilia cécile celina céline charlotte chantal christa christiane christina christine claudia
  claire clara colette corinne corine cornelia cristina dagmar daniela danuta débora denise diana dominika doris dorota dorothea edyta elena eleonora
  elisa elisabeth elisabetta eliza elizabeth elke ella elodie élodie elżbieta elzbieta emilia emilie émilie emily emma erika esther eva ewa ewelina
  fabienne federica florence francesca françoise franziska frida gabriela gabriella gemma georgia gertrud gisela giulia grażyna grazyna greta
  halina hanna hannah heidi helena helga hélène henrike ilona ines inès inge ingrid irena irene irène iris isabel isabella isabelle iwona ivana
  izabela jacqueline jadwiga jana janina jasmin jeanne jennifer jessica joanna johanna josefine joséphine josephine judith julia julie juliette jutta
  justyna kamila karin karina karolina katarzyna katharina kathrin katja katrin kerstin kinga klara klaudia kristina krystyna laura laure laurence
  lea léa lena leonie léonie lidia liliana lisa ludmila luisa luise lucia lucie lucy lydia magdalena maja aleksandra małgorzata malgorzata manon manuela
  margarete margot maria marianne marie mariola marion marlene marta martina maryse marzena mathilde melanie mélanie michaela michalina milena
  mila miriam mireille monika monique nada nadia nadine nadja natalia natalie nathalie nicole nina noemi norma olga olivia otylia patricia
  patrycja paula paulina pauline petra pia regina renata renate rita roberta rosa rosalie rose ruth sabina sabine sandra sara sarah silke silvia
  simona sofia sofie sophia sophie stefanie stéphanie susanne sylvia sylvie tamara tanja teresa thérèse tina ulrike ursula valentina valérie
  vanessa vera veronika véronique viktoria virginie wanda weronika wiesława wieslawa yvonne zofia zuzanna
  `.split(/\s+/).filter(Boolean),
);

const MALE = new Set(
  `
  aaron adam adolf adrian adrien albert alberto aleksander alessandro alexander alexandre alfred alfredo andreas andrzej andré andrew angelo
  anthony antoine anton antonio antoni armin arkadiusz arnaud arno arthur artur axel bartek bartosz bastian benedikt benjamin benoît bernard
  bernd bill bogdan bruno carl carlo carlos charles christian christoph christophe christopher claus cristian damian daniel daniele dariusz
  david denis dennis didier dieter dirk dominik eduardo edward elias emil emmanuel enrico eric éric erik ernst fabian fabio federico felix
  fernando filip florian francesco francisco franck franco françois frank franz frédéric fritz gerhard gérard giacomo gianni giorgio giovanni
  giuseppe gregor grégoire grzegorz guido guillaume günter gustav hans harald heinz helmut henri henryk herbert hermann horst hubert hugo
  ignacy igor jacek jacques jakob jakub janusz jarosław jaroslaw javier jérôme joachim joe johan johann johannes john jonas jorge josé josef
  józef joseph jürgen julian julien karl karol kamil kazimierz klaus konrad krzysztof kurt lars laurent leon leszek lorenzo lothar louis luc
  lucas ludwig luigi luis lukas łukasz lukasz lutz maciej manfred manuel marc marcel marcin marco marek mario mark markus martin mateusz
  matthias mathieu matteo maurizio max maximilian michael michał michal michel miguel mikołaj mikolaj nicolas niklas nils norbert olaf oliver
  olivier oskar pablo paddy paolo pascal patrick patryk paul paweł pawel pedro peter philipp philippe pierre piotr rafael rafał rafal rainer ralf
  ralph reinhard riccardo richard robert roberto roland roman rudolf ryszard salvatore sebastian sebastien sébastien sergio simon stanisław
  stanislaw stefan stefano stéphane sven szymon tadeusz theo thierry thomas thorsten tilman tim tobias tomasz tomás torsten ulrich uwe
  valentin vincent vincenzo walter werner wiesław wieslaw wilhelm william witold wojciech wolfgang xavier yannick iannick yves zbigniew zygmunt
  `.split(/\s+/).filter(Boolean),
);

/** The sex a given name says, when it is common and unambiguous; a compound ("Marie-Pierre") by its first part. */
export function sexOfGivenName(first: string): Sex | undefined {
  const name = first.trim().toLowerCase().split('-')[0];
  if (FEMALE.has(name)) return 'female';
  if (MALE.has(name)) return 'male';
  return undefined;
}

/** Polish men's names whose vocative the ending rules below would get wrong. */
const POLISH_MALE_VOCATIVE: Record<string, string> = {
  paweł: 'Pawle',
  michał: 'Michale',
  rafał: 'Rafale',
  jerzy: 'Jerzy',
  antoni: 'Antoni',
  ignacy: 'Ignacy',
};

/** Polish names a page may write without their letters (a capture that lost them): the vocative spells them as their bearer does. */
const POLISH_LETTERS: Record<string, string> = {
  lukasz: 'Łukasz',
  michal: 'Michał',
  pawel: 'Paweł',
  rafal: 'Rafał',
  mikolaj: 'Mikołaj',
  jozef: 'Józef',
  stanislaw: 'Stanisław',
  jaroslaw: 'Jarosław',
  wieslaw: 'Wiesław',
  malgorzata: 'Małgorzata',
  elzbieta: 'Elżbieta',
  grazyna: 'Grażyna',
  bozena: 'Bożena',
  wieslawa: 'Wiesława',
};

/**
 * The vocative a Polish greeting needs ("Dzień dobry Pani Moniko,", "Dzień dobry Panie
 * Tomaszu,"), by the regular endings of Polish given names; undefined where no rule is sure.
 */
export function polishVocative(written: string, sex: Sex): string | undefined {
  const first = POLISH_LETTERS[written.toLowerCase()] ?? written;
  const lower = first.toLowerCase();
  const keep = (stem: string, ending: string) => first.slice(0, stem.length) + ending;
  if (sex === 'female') return /a$/.test(lower) ? keep(lower.slice(0, -1), 'o') : undefined;
  if (POLISH_MALE_VOCATIVE[lower]) return POLISH_MALE_VOCATIVE[lower];
  const rules: [RegExp, string][] = [
    [/ek$/, 'ku'], // Marek, Jacek, Leszek
    [/(?:sz|rz|cz|ż|j|ch|k|g|l)$/, 'u'], // Tomasz, Grzegorz, Andrzej, Wojciech, Henryk, Kamil
    [/r$/, 'rze'], // Piotr, Artur
    [/d$/, 'dzie'], // Ryszard, Konrad
    [/t$/, 'cie'], // Robert
    [/[nmwfpb]$/, 'ie'], // Szymon, Adam, Stanisław, Krzysztof, Filip, Jakub
  ];
  for (const [ending, vocative] of rules) {
    const m = ending.exec(lower);
    if (!m) continue;
    // "-ek" drops its e (Marek → Marku), "-r" (Piotr → Piotrze), "-d" (Ryszard → Ryszardzie) and "-t" (Robert → Robercie) change their last letter.
    if (vocative === 'ku') return keep(lower.slice(0, -2), 'ku');
    if (vocative === 'rze' || vocative === 'dzie' || vocative === 'cie') return keep(lower.slice(0, -1), vocative);
    return first + vocative;
  }
  return undefined;
}
