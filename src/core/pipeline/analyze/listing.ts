// What the search listing says about a business (its title, phone and address), for what the
// site itself does not say: an error page, a parked domain, a page without contact details.
// Each fact taken from the listing says so in its proof.
import type { SiteFacts } from '../../model/analysis.ts';
import { asWritten, domainRun, hostLabel, namesDomain, titleParts, usable } from './name-shapes.ts';

export interface Listing {
  url: string;
  title: string | null;
  phone: string | null;
  address: string | null;
}

/** The business's name in a listing title ("Patel Dental Care - Dentist in Denver"): the words that spell its domain, or the part that matches it. */
export function nameFromListing(title: string, url: string): string | undefined {
  const label = hostLabel(url);
  const run = domainRun(title, label);
  const name = run && usable(run) ? run : titleParts(title).find((p) => namesDomain(p, label) > 0);
  return name ? asWritten(name) : undefined;
}

/** Fills the name, phone and address the site did not give from its listing, with that as their proof. */
export function fillFromListing(facts: SiteFacts, listing: Listing): void {
  const proof = (what: string) => ({ url: listing.url, detail: `the search listing: ${what.slice(0, 160)}`, confidence: 0.8 });
  const name = !facts.business_name && listing.title ? nameFromListing(listing.title, listing.url) : undefined;
  if (name) {
    facts.business_name = name;
    facts.evidence.business_name = proof(`"${listing.title}"`);
  }
  if (!facts.phone && facts.phones.length === 0 && listing.phone) {
    facts.phone = listing.phone;
    facts.phones = [listing.phone];
    facts.evidence.phone = proof(listing.phone);
  }
  if (!facts.address && listing.address) {
    facts.address = listing.address;
    facts.evidence.address = proof(listing.address);
  }
}
