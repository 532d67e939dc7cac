// The suppression list: addresses (and whole domains, written '@domain') that must never
// be emailed again — unsubscribed, bounced, complained, or blocked by hand. Every send
// checks it (the sender comes with issue 6); the terminal manages it.
import { invalid, notFound } from '../errors.ts';
import { quote } from '../model/validate.ts';

export type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained' | 'manual';

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  source: string | null;
  created_at: string;
}

export interface SuppressionRepo {
  /** Adds or keeps the entry; returns false when it was already there. */
  add(entry: string, reason: SuppressionReason, source: string | null): Promise<boolean>;
  remove(entry: string): Promise<boolean>;
  list(): Promise<Suppression[]>;
  /** The first of these entries that is on the list. */
  findAny(entries: string[]): Promise<Suppression | undefined>;
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^@?([a-z0-9-]+\.)+[a-z]{2,}$/;

/** 'Info@Shop.com' → 'info@shop.com'; 'Shop.com' or '@shop.com' → '@shop.com'. */
export function normaliseEntry(raw: string): string {
  const value = raw.trim().toLowerCase();
  if (ADDRESS.test(value)) return value;
  if (DOMAIN.test(value)) return value.startsWith('@') ? value : `@${value}`;
  throw invalid(`"${quote(raw)}" is neither an email address nor a domain`);
}

export class SuppressionList {
  constructor(private readonly repo: SuppressionRepo) {}

  async add(raw: string, reason: SuppressionReason = 'manual', source: string | null = null): Promise<{ entry: string; added: boolean }> {
    const entry = normaliseEntry(raw);
    return { entry, added: await this.repo.add(entry, reason, source) };
  }

  async remove(raw: string): Promise<void> {
    const entry = normaliseEntry(raw);
    if (!(await this.repo.remove(entry))) throw notFound(`${quote(entry)} is not on the suppression list`);
  }

  list(): Promise<Suppression[]> {
    return this.repo.list();
  }

  /**
   * Why an address must not be emailed, or undefined: its own entry, its domain's, or a parent
   * domain's. A domain entry covers its subdomains (@shop.com blocks x@mail.shop.com: a business
   * that asked not to be written to means all of it); an entry for a subdomain does not cover
   * the parent.
   */
  async blocks(address: string): Promise<Suppression | undefined> {
    const email = address.trim().toLowerCase();
    const labels = email.slice(email.lastIndexOf('@') + 1).split('.');
    const domains = labels.slice(0, -1).map((_, i) => `@${labels.slice(i).join('.')}`);
    return this.repo.findAny([email, ...domains]);
  }
}
