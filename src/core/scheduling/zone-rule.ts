// How a sending window is read, in one sentence for people: the CLI and the Settings screen
// both show it (kept apart so the dashboard can import it alone).
export const ZONE_RULE =
  "Windows are read on each recipient's clock: 09:00 means 09:00 where the business is, in the time zone of its address, city or country, else of the campaign's location, else this server's (a country or state with several zones and no city names none). With no windows, emails go at any hour.";
