// How a sending window is read, in one sentence for people: the CLI and the Settings screen
// both show it (kept apart so the dashboard can import it alone).
export const ZONE_RULE =
  "Windows are read on each recipient's clock: 09:00 means 09:00 where the business is. Its time zone comes from its address, city or country, else from the campaign's location; when none of them names one zone, this server's time zone is used. With no windows, emails go at any hour.";
