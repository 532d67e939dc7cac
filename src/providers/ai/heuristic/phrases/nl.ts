// Dutch, with "u": polite but plain, as a Dutch or Flemish owner expects a short business email.
import { counted, decimal, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

const site = (s: Slots) => (s.company ? `de website van ${s.company}` : 'uw website');
const where = (s: Slots) => (s.city ? ` in ${s.city}` : '');
/** Who sees a problem: the business's own people when its trade says who they are ("uw patiënten"). */
const AUDIENCE = { patients: 'patiënten', clients: 'klanten', guests: 'gasten', customers: 'klanten' } as const;
const who = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'de ouders' : s.audience ? `uw ${AUDIENCE[s.audience]}` : otherwise);

export const nl: Phrasebook = {
  // "Beste meneer Springvloed,": "Hallo" with a whole name read as a mail merge to a Dutch owner.
  greetNamed: (name) => [`Beste ${name},`],
  greet: ['Goedendag,', 'Hallo,'],
  opener: (s, n) => [
    `Ik kwam ${s.company ?? 'uw bedrijf'}${where(s)} tegen en heb uw website bekeken. ${n === 1 ? 'Eén ding viel me op dat u misschien wilt weten.' : 'Twee dingen vielen me op die u misschien wilt weten.'}`,
    `Ik heb deze week ${site(s)} bekeken, en ${n === 1 ? 'één ding is goed om te weten' : 'twee dingen zijn goed om te weten'}.`,
    // "Toen ik bedrijven bekeek" reads as a mass mailing: say why one writes.
    `Ik schrijf u over ${s.company ? `de website van ${s.company}` : 'uw website'}: ${n === 1 ? 'daar viel me iets op dat u misschien wilt weten.' : 'daar vielen me twee dingen op die u misschien wilt weten.'}`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Toen ik uw homepage opende, kreeg ik een foutpagina in plaats van uw website, dus wie u nu opzoekt, ziet niet wat u aanbiedt.'
        : 'Toen ik uw homepage opende, laadde de website niet, dus wie u nu opzoekt, ziet niet wat u aanbiedt.',
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `Uw website gebruikt geen beveiligde verbinding (https), dus browsers tonen de melding "Niet veilig" naast uw webadres, op precies de pagina waar ${who(s, 'uw klanten')} op "${s.quote}" klikken.`
        : s.whole
          ? `Uw website gebruikt geen beveiligde verbinding (https), dus browsers tonen de melding "Niet veilig" naast uw webadres.`
          : `Uw website gebruikt geen beveiligde verbinding (https), dus browsers tonen de melding "Niet veilig" naast uw webadres, en ${who(s, 'alle bezoekers')} zien die waarschuwing zodra ze uw website openen.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `Uw homepage toont de melding "${s.quote}" op de plek waar uw inhoud hoort te staan, dus ${who(s, 'bezoekers')} zien dat in plaats van wat u aanbiedt.`
        : `Uw homepage toont een foutmelding op de plek waar uw inhoud hoort te staan, dus ${who(s, 'bezoekers')} zien dat in plaats van wat u aanbiedt.`,
    // The number of movies is not printed: "Part" or "Parts" is what the owner can check.
    flash_content: (v, s = {}) =>
      (s.whole
        ? `Uw homepage is gemaakt in Adobe Flash, dat browsers al jaren niet meer afspelen, dus ${who(s, 'bezoekers')} zien er niets van.`
        : v === 1
          ? `Een deel van uw homepage is gemaakt in Adobe Flash, dat browsers al jaren niet meer afspelen, dus ${who(s, 'bezoekers')} zien dat deel helemaal niet meer.`
          : `Delen van uw homepage zijn gemaakt in Adobe Flash, dat browsers al jaren niet meer afspelen, dus ${who(s, 'bezoekers')} zien die delen helemaal niet meer.`) + (s.quote ? ` In plaats daarvan toont de pagina hun deze zin: "${s.quote}"${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `Uw homepage linkt nog naar uw ${s.quote}-pagina, maar ${s.quote} is al jaren geleden gesloten, dus ${who(s, 'bezoekers')} die erop klikken, vinden daar niets meer van u.`
        : `Uw homepage linkt nog naar een sociaal netwerk dat al jaren geleden is gesloten, dus ${who(s, 'bezoekers')} die erop klikken, vinden daar niets meer van u.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `Uw homepage toont programmacode als tekst: "${s.quote}". Uw webserver had die moeten uitvoeren, niet tonen, waardoor de website voor ${who(s, 'bezoekers')} kapot lijkt.`
        : s.quote
        ? `Op uw homepage staat nog "${s.quote}", een tekst uit het sjabloon die vervangen had moeten worden, waardoor de website voor ${who(s, 'bezoekers')} onaf oogt.`
        : `Op uw homepage staat nog een tekst uit het sjabloon die vervangen had moeten worden, waardoor de website voor ${who(s, 'bezoekers')} onaf oogt.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `Uw homepage geeft voor "${s.quote}" twee telefoonnummers die maar in één cijfer verschillen: "${s.quotes[0]}" en "${s.quotes[1]}". Als een van de twee een typefout bevat, kan wie dat nummer belt u niet bereiken.`
        : `Uw homepage geeft voor dezelfde plek twee telefoonnummers die maar in één cijfer verschillen. Als een van de twee een typefout bevat, kan wie dat nummer belt u niet bereiken.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `De telefoonlink "${s.quote}" op uw website belt "${s.quotes[0]}", niet het nummer dat erbij staat, dus wie erop tikt om te bellen, krijgt dat nummer niet.`
        : s.quotes?.length
          ? `Een telefoonlink op uw website belt "${s.quotes[0]}", en dat is geen telefoonnummer, dus wie erop tikt om u te bellen, bereikt u niet.`
          : `Een telefoonlink op uw website belt een ander nummer dan er staat, dus wie erop tikt om te bellen, krijgt dat nummer niet.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `De e-maillink op uw website gaat naar "${s.quote}", en dat is geen geldig e-mailadres, dus een bericht via die link kan u niet bereiken.`
        : `Een e-maillink op uw website gaat naar een ongeldig adres, dus een bericht via die link kan u niet bereiken.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `De titel van uw homepage is alleen "${s.quote}", dus het browsertabblad toont "${s.quote}" in plaats van uw naam.`
        : 'Uw homepage heeft geen titel, dus het browsertabblad toont alleen uw webadres, en Google moet de kop van uw zoekresultaat zelf kiezen.',
    form_not_secure: (_, s = {}) =>
      `Uw contactformulier staat op een pagina die browsers als "Niet veilig" markeren (de website heeft geen https). Zodra ${who(s, 'mensen')} erin beginnen te typen, kleurt Chrome die melding rood, net op het moment dat ze contact met u willen opnemen.`,
    no_viewport: (_, s = {}) => `De pagina’s zijn niet geschikt gemaakt voor mobiel: op een smartphone verschijnt de desktopversie verkleind, en ${who(s, 'bezoekers')} moeten inzoomen om te lezen.`,
    no_contact_form: () => 'Op de pagina’s die ik heb bekeken staat geen contactformulier, dus wie liever schrijft dan belt, kan u niet snel bereiken.',
    no_booking: () => 'Klanten kunnen niet online een afspraak maken, terwijl velen dat graag ’s avonds doen, als u al gesloten bent.',
    slow_home: () => 'Uw homepage reageerde traag toen ik hem opende, en veel bezoekers haken af voordat er een pagina verschijnt.',
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `Op uw website leidt de kapotte link "${s.quote}" naar een pagina die niet meer bestaat, en dat geeft de website een verwaarloosde indruk.`
        : counted(
          v,
          (n) => `Op uw website leiden ${n} links nergens naartoe; zulke kapotte links geven de website een verwaarloosde indruk.`,
          'Op uw website leidt een link nergens naartoe; zo’n kapotte link geeft de website een verwaarloosde indruk.',
          'Op uw website leiden links nergens naartoe; zulke kapotte links geven de website een verwaarloosde indruk.',
        ) + (s.quote ? ` Een daarvan is "${s.quote}".` : ''),
    broken_images: (v) =>
      counted(
        v,
        (n) => `Op uw website laden ${n} afbeeldingen niet meer en verschijnen ze als lege vakken, wat de pagina’s een verwaarloosde indruk geeft.`,
        'Op uw website laadt een afbeelding niet meer en verschijnt die als een leeg vak, wat de pagina een verwaarloosde indruk geeft.',
        'Op uw website laden enkele afbeeldingen niet meer en verschijnen ze als lege vakken, wat de pagina’s een verwaarloosde indruk geeft.',
      ),
    certificate_expired: (_, s = {}) => `Het beveiligingscertificaat van uw website is verlopen, dus browsers tonen ${who(s, 'bezoekers')} een paginagrote waarschuwing "Niet veilig" in plaats van uw website.`,
    certificate_expiring: () => 'Het beveiligingscertificaat van uw website verloopt over een paar dagen; daarna waarschuwen browsers bezoekers dat de site "Niet veilig" is.',
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `Uw homepage toont nog een melding uit de coronatijd: "${s.quote}"${stop(s.quote)} Als die niet meer geldt, denken ${who(s, 'bezoekers')} misschien dat de rest van de website ook verouderd is.`
        : `Uw homepage toont nog een melding uit de coronatijd. Als die niet meer geldt, denken ${who(s, 'bezoekers')} misschien dat de rest van de website ook verouderd is.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `De meest recente datum op uw homepage is uit ${v}, waardoor de website voor ${who(s, 'bezoekers')} oogt alsof er sindsdien niets meer is gebeurd.`
        : `De datums op uw homepage zijn allemaal jaren oud, waardoor de website voor ${who(s, 'bezoekers')} oogt alsof er sindsdien niets meer is gebeurd.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `Het copyrightjaar in de footer van uw website is nog ${v}, waardoor de website voor ${who(s, 'bezoekers')} oogt alsof hij sindsdien niet meer is bijgewerkt.`
        : `In de footer van uw website staat nog een oud copyrightjaar, waardoor de website voor ${who(s, 'bezoekers')} oogt alsof hij al jaren niet is bijgewerkt.`,
    outdated_software: () => 'Uw website draait op softwareversies die de makers al jaren niet meer bijwerken, met bekende beveiligingslekken.',
    search_position: (v) =>
      v !== null
        ? `Bij een zoekopdracht naar uw vak in uw regio stond uw website op plaats ${v}, onder de concurrenten waar mensen het eerst op klikken.`
        : 'Bij een zoekopdracht naar uw vak in uw regio stond uw website onder de concurrenten waar mensen het eerst op klikken.',
    no_ecommerce: () => 'Bezoekers kunnen op uw website niet online bestellen, dus u loopt verkopen mis aan mensen die niet langs kunnen komen.',
    no_analytics: () => 'Er zijn geen bezoekersstatistieken ingesteld, dus u ziet niet hoeveel mensen uw website bezoeken of waar ze afhaken.',
    images_missing_alt: (v) =>
      counted(
        v,
        (n) => `Op uw homepage hebben ${n} afbeeldingen geen alt-tekst, dus schermlezers en zoekmachines weten niet wat erop staat.`,
        'Op uw homepage heeft een afbeelding geen alt-tekst, dus schermlezers en zoekmachines weten niet wat erop staat.',
        'Op uw homepage hebben enkele afbeeldingen geen alt-tekst, dus schermlezers en zoekmachines weten niet wat erop staat.',
      ),
    unoptimized_images: (v) =>
      counted(
        v,
        (n) => `Op uw homepage hebben ${n} afbeeldingen geen breedte en hoogte in de code van de pagina.`,
        'Op uw homepage heeft een afbeelding geen breedte en hoogte in de code van de pagina.',
        'Op uw homepage hebben enkele afbeeldingen geen breedte en hoogte in de code van de pagina.',
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `Uw webadres gaat via ${n} doorverwijzingen voordat de homepage verschijnt, en dat vertraagt de eerste indruk.`,
        'Uw webadres gaat via een doorverwijzing voordat de homepage verschijnt, en dat vertraagt de eerste indruk.',
        'Uw webadres gaat via meerdere doorverwijzingen voordat de homepage verschijnt, en dat vertraagt de eerste indruk.',
      ),
    missing_lang: () => 'Uw pagina’s geven niet aan in welke taal ze geschreven zijn, dus schermlezers lezen ze mogelijk met de verkeerde uitspraak voor.',
    empty_links: (v) =>
      counted(
        v,
        (n) => `Op uw homepage hebben ${n} links geen tekst of label, dus mensen met een schermlezer weten niet waar ze naartoe leiden.`,
        'Op uw homepage heeft een link geen tekst of label, dus mensen met een schermlezer weten niet waar die naartoe leidt.',
        'Op uw homepage hebben enkele links geen tekst of label, dus mensen met een schermlezer weten niet waar ze naartoe leiden.',
      ),
    slow_mobile: (v) =>
      v !== null
        ? `Op een smartphone heeft uw homepage ${decimal(v, ',')} seconden nodig om de belangrijkste inhoud te tonen, en Google beoordeelt dat als slecht.`
        : 'Op een smartphone toont uw homepage de belangrijkste inhoud trager dan Google acceptabel vindt.',
    layout_shift: () => 'Terwijl uw homepage op een smartphone opent, verspringt de inhoud, zodat mensen op de verkeerde plek tikken.',
    heavy_page: (v) =>
      v !== null
        ? `Uw homepage is ${decimal(v, ',')} MB groot, veel om op een smartphone te downloaden voordat er iets te zien is.`
        : 'Uw homepage is erg groot, veel om op een smartphone te downloaden voordat er iets te zien is.',
    low_performance: (v) =>
      v !== null
        ? `Googles eigen test, Lighthouse, geeft uw homepage op een smartphone ${v} van de 100 punten voor snelheid.`
        : 'Googles eigen test, Lighthouse, zet uw homepage op een smartphone in de laagste categorie voor snelheid.',
  },
  measured: ['Ik heb dit gemeten met Lighthouse van Google; u kunt dezelfde test zelf doen op PageSpeed Insights.'],
  check: {
    error_message: ['U kunt het zelf controleren door uw homepage te openen.'],
    flash_content: ['U kunt het zelf controleren: open uw homepage in een recente browser.'],
    form_not_secure: ['U kunt het zelf controleren: open de pagina in Chrome, typ een letter in het formulier en kijk links van het webadres.'],
    no_ssl: ['U kunt het zelf controleren: open uw website in Chrome en kijk net links van het webadres.'],
    certificate_expired: ['U kunt het zelf controleren door uw website in een willekeurige browser te openen.'],
    no_viewport: ['U kunt het zelf controleren: open uw homepage op uw telefoon en probeer hem te lezen zonder in te zoomen.'],
    stale_copyright: ['U kunt het zelf nakijken, helemaal onderaan uw homepage.'],
  },
  news: { no_ssl: ['Google heeft bovendien aangekondigd dat Chrome een waarschuwing zal tonen voordat het een website zonder https voor het eerst opent.'] },
  report: ['Wat me opviel, heb ik met screenshots voor u op één pagina gezet:'],
  value: {
    broken: ['Zolang de website niet werkt, is elk bezoek via Google of een advertentie een gemiste kans.'],
    one: ['Dit is goed op te lossen zonder nieuwe website.', 'Dit is op te lossen zonder de website opnieuw te bouwen.'],
    many: ['Voor geen van beide is een nieuwe website nodig.', 'Beide zijn op te lossen zonder de website opnieuw te bouwen.'],
  },
  credibility: [
    'Ik bouw en onderhoud websites voor kleine bedrijven, dus dit soort dingen valt me meteen op.',
    'Ik heb een kleine webdesignstudio en help kleine bedrijven met precies dit soort werk.',
  ],
  credibilityShort: ['Ik bouw websites voor kleine bedrijven.'],
  padding: ['Geheel vrijblijvend; ik dacht gewoon dat u dit wel zou willen weten.'],
  call: ['Heeft u iets aan een kort gesprek volgende week? Dan laat ik u zien wat me opviel.'],
  cta: [
    'Als het helpt, reageer dan op deze e-mail, dan stuur ik u de stappen die ik zou nemen om dit op te lossen.',
    'Zal ik u een korte notitie sturen over hoe ik dit zou oplossen?',
  ],
  followUp: {
    again: ['Ik heb uw homepage deze week opnieuw gemeten en het probleem waarover ik schreef, is er nog steeds:'],
    addOne: ['Nog een korte aanvulling op mijn vorige bericht: er viel me nog iets op aan uw website.'],
    nudge: ['Ik wilde mijn vorige bericht even bovenaan uw inbox zetten, voor het geval het ertussendoor is geglipt.'],
    cta: ['Als het nuttig is, reageer dan gewoon op deze e-mail, dan stuur ik u een paar ideeën.'],
    last: ['Dit is mijn laatste bericht hierover; ik wil uw inbox niet blijven vullen. Komt het later beter uit, reageer dan gewoon.'],
  },
  subject: {
    generic: (c) => [`Een vraag over de website van ${c}`, `De website van ${c}`],
    byFinding: {
      flash_content: (c) => [`${c} en Adobe Flash`],
      form_not_secure: (c) => [`${c} en de melding "Niet veilig"`],
      site_broken: (c) => [`Een probleem met de website van ${c}`],
      no_ssl: (c) => [`${c} en de melding "Niet veilig"`],
      no_viewport: (c) => [`De website van ${c} op mobiel`],
      slow_mobile: (c) => [`De website van ${c} op mobiel`],
      layout_shift: (c) => [`De website van ${c} op mobiel`],
      heavy_page: (c) => [`De website van ${c} op mobiel`],
      low_performance: (c) => [`De website van ${c} op mobiel`],
      no_booking: (c) => [`Online afspraken maken bij ${c}`],
      phone_mismatch: (c) => [`Het telefoonnummer op de website van ${c}`],
      bad_phone_link: (c) => [`De telefoonlink op de website van ${c}`],
      bad_email_link: (c) => [`De e-maillink op de website van ${c}`],
    },
    unnamed: {
      no_ssl: ['Uw website en de melding "Niet veilig"'],
      form_not_secure: ['Uw contactformulier en de melding "Niet veilig"'],
      flash_content: ['Uw website en Adobe Flash'],
      error_message: ['Een melding op uw homepage'],
      no_viewport: ['Uw website op mobiel'],
      phone_mismatch: ['Het telefoonnummer op uw website'],
      bad_phone_link: ['De telefoonlink op uw website'],
      bad_email_link: ['De e-maillink op uw website'],
    },
    plain: ['Een vraag over uw website', 'Over uw website'],
  },
};
