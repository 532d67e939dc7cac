// Polish: "Dzień dobry," and the business addressed as Państwo (the plural polite form) or
// impersonally, never Pan/Pani (the reader's sex is unknown). The writer's sex is unknown too,
// so no sentence uses a gendered first person (zauważyłem/-am, chciałbym/-abym): the writer
// speaks in the present or future ("piszę", "prześlę") or impersonally. Names are never
// declined, so they stand where the nominative fits ("strona firmy X").
import { decimal, printable, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

/** A name that says what the business is ("Kancelaria…", "ISPL Gabinet Stomatologiczny", "Adwokat…") is not a "firma": it is quoted as it stands, undeclined. */
const INSTITUTION = /(?:^|\s)(adwokat|radca prawny|notariusz|kancelaria|gabinet|restauracja|salon|klinika|przychodnia|sklep|studio|biuro|centrum|hotel|pensjonat|pracownia|zakład|apteka|szkoła|pizzeria|kawiarnia|cukiernia|piekarnia|warsztat|hurtownia|fundacja|stowarzyszenie)(?=\s|$)/i;
/** What a practice, an office or a salon is called in place of "firma" (genitive: "strona gabinetu X"). */
const KIND: Record<string, string> = {
  Dental: 'gabinetu',
  Medical: 'gabinetu',
  Veterinary: 'gabinetu',
  'Beauty & wellness': 'salonu',
  Legal: 'kancelarii',
  Accounting: 'biura',
  'Real estate': 'biura nieruchomości',
  Restaurant: 'restauracji',
};
const firmOf = (company: string, s: Slots = {}) => (INSTITUTION.test(company) ? `„${company}”` : `${(s.industry && KIND[s.industry]) ?? 'firmy'} ${company}`);
const firm = (s: Slots) => (s.company ? firmOf(s.company, s) : 'Państwa firmy');

/** The business's own people, in the two cases the findings need: who sees (nom) and to whom a browser shows it (dat). */
const AUDIENCE: Record<NonNullable<Slots['audience']>, { nom: string; dat: string }> = {
  patients: { nom: 'Państwa pacjenci', dat: 'Państwa pacjentom' },
  clients: { nom: 'Państwa klienci', dat: 'Państwa klientom' },
  guests: { nom: 'Państwa goście', dat: 'Państwa gościom' },
  customers: { nom: 'Państwa klienci', dat: 'Państwa klientom' },
  parents: { nom: 'rodzice', dat: 'rodzicom' },
};
/** Who sees a problem: the business's own people when its trade says who they are, else the general word given. */
const who = (s: Slots, form: 'nom' | 'dat', otherwise: string) => (s.audience ? AUDIENCE[s.audience][form] : otherwise);

/** Polish counted nouns: 2-4 (but not 12-14) take one form, 5 and up another ("3 linki", "5 linków"). */
const few = (n: number) => n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14);

/** A counted sentence: `one` for 1, `fewForm`/`manyForm` for a measured count, `some` when uncounted. */
function plural(value: number | null, one: string, fewForm: (n: number) => string, manyForm: (n: number) => string, some: string): string {
  if (value === 1) return one;
  if (!printable(value) || value < 2) return some;
  return few(value) ? fewForm(value) : manyForm(value);
}

export const pl: Phrasebook = {
  // A person greeted by title and the first name's vocative ("Dzień dobry Pani Moniko,"): greetingName gives no other.
  greetNamed: (name) => [`Dzień dobry ${name},`],
  greet: ['Dzień dobry,'],
  opener: (s, n) => [
    `Piszę w sprawie strony internetowej ${firm(s)}. ${n === 1 ? 'Jest na niej jedna rzecz, o której warto wiedzieć.' : 'Są na niej dwie rzeczy, o których warto wiedzieć.'}`,
    `Na stronie internetowej ${firm(s)} ${n === 1 ? 'jest jedna rzecz, o której warto wiedzieć' : 'są dwie rzeczy, o których warto wiedzieć'}.`,
    // Without a name, "Państwa" once: "na Państwa stronie", not "na stronie Państwa firmy".
    `Piszę, bo na ${s.company ? `stronie ${firmOf(s.company, s)}` : 'Państwa stronie'} ${n === 1 ? 'jest jedna rzecz, o której warto wiedzieć' : 'są dwie rzeczy, o których warto wiedzieć'}.`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? 'Po otwarciu strony głównej pojawia się strona błędu zamiast Państwa witryny, więc osoby, które teraz Państwa szukają, nie widzą oferty.'
        : 'Strona główna się nie ładuje, więc osoby, które teraz Państwa szukają, nie widzą oferty.',
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `Strona nie korzysta z bezpiecznego połączenia (https), więc przeglądarka pokazuje przy adresie ostrzeżenie „Niezabezpieczona” – na tej samej stronie, na której ${who(s, 'nom', 'Państwa klienci')} klikają „${s.quote}”.`
        : s.whole
          ? `Strona nie korzysta z bezpiecznego połączenia (https), więc przeglądarka pokazuje przy adresie ostrzeżenie „Niezabezpieczona”.`
          : `Strona nie korzysta z bezpiecznego połączenia (https), więc przeglądarka pokazuje przy adresie ostrzeżenie „Niezabezpieczona”, które ${who(s, 'nom', 'wszyscy odwiedzający')} widzą, gdy tylko otworzą stronę.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `Na stronie głównej, w miejscu treści, widnieje komunikat „${s.quote}”, więc ${who(s, 'nom', 'odwiedzający')} widzą go zamiast oferty.`
        : `Na stronie głównej, w miejscu treści, widnieje komunikat o błędzie, więc ${who(s, 'nom', 'odwiedzający')} widzą go zamiast oferty.`,
    flash_content: (v, s = {}) =>
      (s.whole
        ? `Strona główna jest wykonana w technologii Adobe Flash, której przeglądarki od lat nie odtwarzają, więc ${who(s, 'nom', 'odwiedzający')} w ogóle jej nie widzą.`
        : v === 1
          ? `Część strony głównej jest wykonana w technologii Adobe Flash, której przeglądarki od lat nie odtwarzają, więc ${who(s, 'nom', 'odwiedzający')} w ogóle tej części nie widzą.`
          : `Niektóre części strony głównej są wykonane w technologii Adobe Flash, której przeglądarki od lat nie odtwarzają, więc ${who(s, 'nom', 'odwiedzający')} w ogóle ich nie widzą.`) + (s.quote ? ` Zamiast ${s.whole || v === 1 ? 'niej' : 'nich'} widzą napis „${s.quote}”${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `Na stronie głównej wciąż jest link do Państwa profilu w serwisie ${s.quote}, który zamknięto kilka lat temu, więc ${who(s, 'nom', 'odwiedzający')}, którzy w niego klikną, nie znajdą tam już nic.`
        : `Na stronie głównej wciąż jest link do serwisu społecznościowego, który zamknięto kilka lat temu, więc ${who(s, 'nom', 'odwiedzający')}, którzy w niego klikną, nie znajdą tam już nic.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `Na stronie głównej widać kod programu jako zwykły tekst: „${s.quote}”. Serwer miał go wykonać, a nie wyświetlić, więc ${who(s, 'dat', 'odwiedzającym')} strona może się wydawać zepsuta.`
        : s.quote
        ? `Na stronie głównej wciąż widać „${s.quote}” – tekst z szablonu, który miał zostać zastąpiony, więc ${who(s, 'dat', 'odwiedzającym')} strona może się wydawać niedokończona.`
        : `Na stronie głównej wciąż widać tekst z szablonu, który miał zostać zastąpiony, więc ${who(s, 'dat', 'odwiedzającym')} strona może się wydawać niedokończona.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `Na stronie głównej przy „${s.quote}” podano dwa numery telefonu, które różnią się jedną cyfrą: „${s.quotes[0]}” i „${s.quotes[1]}”. Jeśli w jednym z nich jest literówka, osoby, które pod niego zadzwonią, nie dodzwonią się do Państwa.`
        : `Na stronie głównej podano dla tego samego miejsca dwa numery telefonu, które różnią się jedną cyfrą. Jeśli w jednym z nich jest literówka, osoby, które pod niego zadzwonią, nie dodzwonią się do Państwa.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `Link telefoniczny „${s.quote}” na Państwa stronie wybiera numer „${s.quotes[0]}”, a nie ten, który pokazuje, więc osoby, które go klikną, żeby zadzwonić, nie dodzwonią się pod ten numer.`
        : s.quotes?.length
          ? `Link telefoniczny na Państwa stronie wybiera „${s.quotes[0]}”, co nie jest numerem telefonu, więc osoby, które go klikną, żeby zadzwonić, nie dodzwonią się do Państwa.`
          : `Link telefoniczny na Państwa stronie wybiera inny numer niż ten, który pokazuje, więc osoby, które go klikną, żeby zadzwonić, nie dodzwonią się pod ten numer.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `Link e-mail na Państwa stronie prowadzi do „${s.quote}”, a to nie jest poprawny adres e-mail, więc wiadomość wysłana przez ten link do Państwa nie dotrze.`
        : `Link e-mail na Państwa stronie prowadzi do niepoprawnego adresu, więc wiadomość wysłana przez ten link do Państwa nie dotrze.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `Tytuł strony głównej to tylko „${s.quote}”, więc na karcie przeglądarki zamiast nazwy firmy widać „${s.quote}”.`
        : 'Strona główna nie ma tytułu, więc na karcie przeglądarki widać tylko adres strony, a Google musi sam wybrać nagłówek Państwa wyniku wyszukiwania.',
    form_not_secure: (_, s = {}) =>
      `Formularz kontaktowy znajduje się na stronie, którą przeglądarki oznaczają jako „Niezabezpieczona” (strona nie ma https). Gdy tylko ${who(s, 'nom', 'odwiedzający')} zaczną coś w nim wpisywać, Chrome zmienia kolor tego ostrzeżenia na czerwony – akurat w chwili, gdy chcą się skontaktować.`,
    no_viewport: (_, s = {}) => `Strona nie jest dostosowana do telefonów: na smartfonie wyświetla się pomniejszona wersja komputerowa, więc ${who(s, 'nom', 'odwiedzający')} muszą powiększać tekst palcami, żeby go przeczytać.`,
    no_contact_form: () => 'Na przejrzanych podstronach nie ma formularza kontaktowego, więc osoby, które wolą napisać niż zadzwonić, nie mają szybkiego sposobu, by się z Państwem skontaktować.',
    no_booking: () => 'Klienci nie mogą zarezerwować terminu przez internet, a wielu chciałoby to zrobić wieczorem, gdy firma jest już zamknięta.',
    slow_home: () => 'Strona główna długo się ładowała przy otwarciu, a wiele osób rezygnuje, zanim strona się pojawi.',
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `Na stronie niedziałający link „${s.quote}” prowadzi do podstrony, której już nie ma, a to sprawia wrażenie zaniedbanej witryny.`
        : plural(
          v,
          'Na stronie jest niedziałający link, który prowadzi donikąd, a to sprawia wrażenie zaniedbanej witryny.',
          (n) => `Na stronie są ${n} niedziałające linki, które prowadzą donikąd, a to sprawia wrażenie zaniedbanej witryny.`,
          (n) => `Na stronie jest ${n} niedziałających linków, które prowadzą donikąd, a to sprawia wrażenie zaniedbanej witryny.`,
          'Na stronie są niedziałające linki, które prowadzą donikąd, a to sprawia wrażenie zaniedbanej witryny.',
        ) + (s.quote ? ` Jeden z nich to „${s.quote}”.` : ''),
    broken_images: (v) =>
      plural(
        v,
        'Na stronie jeden obraz już się nie wyświetla i widać w jego miejscu puste pole, a to sprawia wrażenie zaniedbanej witryny.',
        (n) => `Na stronie ${n} obrazy już się nie wyświetlają i widać w ich miejscu puste pola, a to sprawia wrażenie zaniedbanej witryny.`,
        (n) => `Na stronie ${n} obrazów już się nie wyświetla i widać w ich miejscu puste pola, a to sprawia wrażenie zaniedbanej witryny.`,
        'Na stronie część obrazów już się nie wyświetla i widać w ich miejscu puste pola, a to sprawia wrażenie zaniedbanej witryny.',
      ),
    certificate_expired: (_, s = {}) => `Certyfikat bezpieczeństwa strony wygasł, więc przeglądarki zamiast witryny pokazują ${who(s, 'dat', 'odwiedzającym')} ostrzeżenie, że połączenie nie jest bezpieczne.`,
    certificate_expiring: () => 'Certyfikat bezpieczeństwa strony wygasa w najbliższych dniach; potem przeglądarki zaczną ostrzegać odwiedzających, że strona jest „Niezabezpieczona”.',
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `Na stronie głównej wciąż widnieje ogłoszenie z czasów pandemii: „${s.quote}”${stop(s.quote)} Jeśli już nie obowiązuje, ${who(s, 'nom', 'odwiedzający')} mogą uznać, że reszta strony też jest nieaktualna.`
        : `Na stronie głównej wciąż widnieje ogłoszenie z czasów pandemii. Jeśli już nie obowiązuje, ${who(s, 'nom', 'odwiedzający')} mogą uznać, że reszta strony też jest nieaktualna.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `Najnowsza data na stronie głównej pochodzi z ${v} roku, więc ${who(s, 'dat', 'odwiedzającym')} strona może się wydawać nieaktualizowana od tamtej pory.`
        : `Wszystkie daty na stronie głównej mają już kilka lat, więc ${who(s, 'dat', 'odwiedzającym')} strona może się wydawać nieaktualizowana od tamtej pory.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `Rok praw autorskich w stopce strony to wciąż ${v}, więc ${who(s, 'dat', 'odwiedzającym')} strona może się wydawać nieaktualizowana od tamtej pory.`
        : `W stopce strony wciąż widnieje dawny rok praw autorskich, więc ${who(s, 'dat', 'odwiedzającym')} strona może się wydawać nieaktualizowana od lat.`,
    outdated_software: () => 'Strona działa na wersjach oprogramowania, których producenci od lat nie aktualizują, ze znanymi lukami bezpieczeństwa.',
    search_position: (v) =>
      v !== null
        ? `Po wyszukaniu Państwa branży w okolicy strona pojawiła się dopiero na ${v}. miejscu, za konkurencją, którą ludzie klikają najpierw.`
        : 'Po wyszukaniu Państwa branży w okolicy strona pojawiła się dopiero za konkurencją, którą ludzie klikają najpierw.',
    no_ecommerce: () => 'Na stronie nie ma możliwości zakupów online, więc firma traci sprzedaż klientom, którzy nie mogą przyjść osobiście.',
    no_analytics: () => 'Na stronie nie ma zainstalowanego narzędzia do statystyk odwiedzin, więc nie widać, ile osób ją odwiedza ani w którym momencie tracą zainteresowanie.',
    images_missing_alt: (v) =>
      plural(
        v,
        'Na stronie głównej jeden obraz nie ma tekstu alternatywnego, więc ani czytniki ekranu, ani wyszukiwarki nie wiedzą, co przedstawia.',
        (n) => `Na stronie głównej ${n} obrazy nie mają tekstu alternatywnego, więc ani czytniki ekranu, ani wyszukiwarki nie wiedzą, co przedstawiają.`,
        (n) => `Na stronie głównej ${n} obrazów nie ma tekstu alternatywnego, więc ani czytniki ekranu, ani wyszukiwarki nie wiedzą, co przedstawiają.`,
        'Na stronie głównej część obrazów nie ma tekstu alternatywnego, więc ani czytniki ekranu, ani wyszukiwarki nie wiedzą, co przedstawiają.',
      ),
    unoptimized_images: (v) =>
      plural(
        v,
        'Na stronie głównej jeden obraz nie ma w kodzie strony podanej szerokości i wysokości.',
        (n) => `Na stronie głównej ${n} obrazy nie mają w kodzie strony podanej szerokości i wysokości.`,
        (n) => `Na stronie głównej ${n} obrazów nie ma w kodzie strony podanej szerokości i wysokości.`,
        'Na stronie głównej część obrazów nie ma w kodzie strony podanej szerokości i wysokości.',
      ),
    redirect_chain: (v) =>
      plural(
        v,
        'Adres strony przekierowuje odwiedzających, zanim pojawi się strona główna, a to opóźnia pierwsze wrażenie.',
        (n) => `Adres strony przekierowuje odwiedzających ${n} razy, zanim pojawi się strona główna, a to opóźnia pierwsze wrażenie.`,
        (n) => `Adres strony przekierowuje odwiedzających ${n} razy, zanim pojawi się strona główna, a to opóźnia pierwsze wrażenie.`,
        'Adres strony przekierowuje odwiedzających kilka razy, zanim pojawi się strona główna, a to opóźnia pierwsze wrażenie.',
      ),
    missing_lang: () => 'Strony nie podają, w jakim języku są napisane, więc czytniki ekranu mogą je czytać z niewłaściwą wymową.',
    empty_links: (v) =>
      plural(
        v,
        'Na stronie głównej jeden link nie ma tekstu ani opisu, więc osoby korzystające z czytnika ekranu nie wiedzą, dokąd prowadzi.',
        (n) => `Na stronie głównej ${n} linki nie mają tekstu ani opisu, więc osoby korzystające z czytnika ekranu nie wiedzą, dokąd prowadzą.`,
        (n) => `Na stronie głównej ${n} linków nie ma tekstu ani opisu, więc osoby korzystające z czytnika ekranu nie wiedzą, dokąd prowadzą.`,
        'Na stronie głównej część linków nie ma tekstu ani opisu, więc osoby korzystające z czytnika ekranu nie wiedzą, dokąd prowadzą.',
      ),
    slow_mobile: (v) =>
      v !== null
        ? `Na smartfonie strona główna potrzebuje ${decimal(v, ',')} sekundy, żeby pokazać główną treść, a Google ocenia taki wynik jako słaby.`
        : 'Na smartfonie strona główna potrzebuje na pokazanie głównej treści więcej czasu, niż Google uważa za dopuszczalne.',
    layout_shift: () => 'Podczas otwierania strony głównej na smartfonie treść się przesuwa, więc łatwo trafić palcem w niewłaściwe miejsce.',
    heavy_page: (v) =>
      v !== null
        ? `Strona główna waży ${decimal(v, ',')} MB, to dużo do pobrania na smartfonie, zanim cokolwiek się pokaże.`
        : 'Strona główna dużo waży, to sporo do pobrania na smartfonie, zanim cokolwiek się pokaże.',
    low_performance: (v) =>
      v !== null
        ? `W teście Lighthouse od Google strona główna dostaje na smartfonie ${v} na 100 punktów za szybkość.`
        : 'W teście Lighthouse od Google strona główna wypada na smartfonie w najniższym przedziale szybkości.',
  },
  measured: ['Pomiar pochodzi z Lighthouse, narzędzia Google, i ten sam test można samodzielnie powtórzyć w PageSpeed Insights.'],
  check: {
    error_message: ['Mogą to Państwo sprawdzić samodzielnie, otwierając stronę główną.'],
    flash_content: ['Mogą to Państwo sprawdzić samodzielnie: wystarczy otworzyć stronę główną w dowolnej aktualnej przeglądarce.'],
    form_not_secure: ['Mogą to Państwo sprawdzić samodzielnie: wystarczy otworzyć tę stronę w Chrome, wpisać jedną literę w formularzu i spojrzeć na lewo od adresu.'],
    no_ssl: ['Mogą to Państwo sprawdzić samodzielnie: wystarczy otworzyć stronę w przeglądarce Chrome i spojrzeć tuż na lewo od adresu.'],
    certificate_expired: ['Mogą to Państwo sprawdzić samodzielnie, otwierając stronę w dowolnej przeglądarce.'],
    no_viewport: ['Mogą to Państwo sprawdzić samodzielnie: wystarczy otworzyć stronę główną na telefonie i spróbować ją przeczytać bez powiększania.'],
    stale_copyright: ['Mogą to Państwo sprawdzić samodzielnie na samym dole strony głównej.'],
  },
  news: { no_ssl: ['Google zapowiedział też, że Chrome będzie wyświetlać ostrzeżenie przed pierwszym otwarciem strony bez https.'] },
  report: ['Pomiary i zrzuty ekranu są zebrane w jednym miejscu:'],
  value: {
    broken: ['Dopóki strona nie zacznie znów działać, każde wejście z Google albo z reklamy to stracona szansa.'],
    one: ['To konkretna poprawka, która nie wymaga nowej strony.', 'Da się to naprawić bez budowania strony od nowa.'],
    many: ['Żadna z tych rzeczy nie wymaga nowej strony; to konkretne poprawki.', 'Obie rzeczy da się naprawić bez budowania strony od nowa.'],
  },
  credibility: [
    'Zajmuję się tworzeniem i poprawianiem stron małych firm, dlatego takie rzeczy od razu rzucają mi się w oczy.',
    'Prowadzę małe studio projektowania stron i pomagam małym firmom właśnie w takich sprawach.',
  ],
  credibilityShort: ['Tworzę strony internetowe dla małych firm.'],
  padding: ['Bez żadnych zobowiązań; po prostu warto o tym wiedzieć.'],
  call: ['Czy przydałaby się krótka rozmowa w przyszłym tygodniu? Chętnie pokażę szczegóły.'],
  cta: [
    'Jeśli to Państwu pomoże, wystarczy odpowiedzieć na tę wiadomość – opiszę, co i jak poprawić.',
    'Czy przesłać krótką notatkę, jak to naprawić?',
  ],
  followUp: {
    again: ['Strona główna została w tym tygodniu ponownie zmierzona i opisany wcześniej problem nadal występuje:'],
    addOne: ['Wracam jeszcze z jedną rzeczą, która zwraca uwagę na Państwa stronie:'],
    nudge: ['Przypominam się z poprzednią wiadomością, na wypadek gdyby zginęła w skrzynce.'],
    cta: ['Jeśli to przydatne, wystarczy odpowiedzieć, a prześlę kilka pomysłów.'],
    last: ['To moja ostatnia wiadomość w tej sprawie, nie chcę zapełniać skrzynki. Gdyby później był lepszy moment, wystarczy odpowiedzieć.'],
  },
  subject: {
    generic: (c, s) => [`Kilka słów o stronie ${firmOf(c, s)}`, `Strona ${firmOf(c, s)}`],
    byFinding: {
      flash_content: (c) => [`${c} i Adobe Flash`],
      form_not_secure: (c) => [`${c} i ostrzeżenie „Niezabezpieczona”`],
      site_broken: (c, s) => [`Problem ze stroną ${firmOf(c, s)}`],
      no_ssl: (c) => [`${c} i ostrzeżenie „Niezabezpieczona”`],
      no_viewport: (c, s) => [`Strona ${firmOf(c, s)} na smartfonie`],
      slow_mobile: (c, s) => [`Strona ${firmOf(c, s)} na smartfonie`],
      layout_shift: (c, s) => [`Strona ${firmOf(c, s)} na smartfonie`],
      heavy_page: (c, s) => [`Strona ${firmOf(c, s)} na smartfonie`],
      low_performance: (c, s) => [`Strona ${firmOf(c, s)} na smartfonie`],
      no_booking: (c) => [`Rezerwacje online dla ${c}`],
      phone_mismatch: (c, s) => [`Numer telefonu na stronie ${firmOf(c, s)}`],
      bad_phone_link: (c, s) => [`Link telefoniczny na stronie ${firmOf(c, s)}`],
      bad_email_link: (c, s) => [`Link e-mail na stronie ${firmOf(c, s)}`],
    },
    unnamed: {
      no_ssl: ['Państwa strona i ostrzeżenie „Niezabezpieczona”'],
      form_not_secure: ['Formularz kontaktowy i ostrzeżenie „Niezabezpieczona”'],
      flash_content: ['Państwa strona i Adobe Flash'],
      error_message: ['Komunikat na stronie głównej'],
      no_viewport: ['Państwa strona na smartfonie'],
      phone_mismatch: ['Numer telefonu na Państwa stronie'],
      bad_phone_link: ['Link telefoniczny na Państwa stronie'],
      bad_email_link: ['Link e-mail na Państwa stronie'],
    },
    plain: ['Kilka słów o Państwa stronie', 'W sprawie Państwa strony'],
  },
};
