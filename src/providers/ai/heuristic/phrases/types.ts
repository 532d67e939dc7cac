// What a language gives the offline writer. Every sentence here is either about one finding
// (and then uses that finding's topic words, so the claim checker can see what it states) or
// about nothing on the site at all: openers, value, credibility and calls to action never use
// a topic word (mobile, form, booking, images, secure, slow...) and never print a number.
import type { FindingId } from '../../../../core/model/analysis.ts';

export interface Slots {
  /** The cleaned company name; undefined when the brief has none. */
  company?: string;
  city?: string;
  /** The business's trade as the analysis names it ("Dental", "Legal"): Polish says what the business is by it ("strona gabinetu X"). */
  industry?: string;
  /** Who the business serves (the brief's audience): the finding says who sees the problem. */
  audience?: 'patients' | 'clients' | 'guests' | 'customers' | 'parents';
  /** The words of the page a finding quotes (error_message; no_ssl: the "Book Now" pressed on that page), set for that finding's sentence only. */
  quote?: string;
  /** More of the page's words the finding quotes, each as shown (phone_mismatch: the two numbers). */
  quotes?: string[];
  /** The finding holds for the whole of what it is about (flash_content: the page is nothing but Flash; no_ssl: https itself fails). */
  whole?: boolean;
}

/**
 * A finding said as what the owner loses. `value` is the finding's measured value, or null:
 * whole numbers print as they are; slow_mobile's seconds and heavy_page's megabytes carry one
 * decimal, printed with the language's decimal mark (`decimal`).
 */
export type FindingSentence = (value: number | null, slots?: Slots) => string;

export interface Phrasebook {
  /** To a person the page names as owner or contact. */
  greetNamed(name: string): string[];
  /** The plain greeting when no person is named ("Hello,"): never a company's "team". */
  greet: string[];
  /**
   * The plain greeting a trade's professionals are addressed by where the language has one that
   * needs neither name nor sex (French: "Bonjour Docteur," to a dental practice, "Bonjour Maître,"
   * to a law firm), by the trade as the analysis names it ("Dental", "Legal").
   */
  greetTrade?: Partial<Record<string, string[]>>;
  /** Introduces `count` (1-2) findings; ends with ":" (the findings follow as a list) or ". " for one. */
  opener(slots: Slots, count: number): string[];
  finding: Record<FindingId, FindingSentence>;
  /**
   * Said once after a finding Lighthouse measured (slow_mobile, layout_shift, heavy_page,
   * low_performance): how it was measured and that the owner can check it. No number; of the
   * topics, only phones (which every measured finding backs), never speed ("slow").
   */
  measured: string[];
  /**
   * How the owner sees a crawl finding for themselves in a minute ("open your site in Chrome and
   * look just left of the address"), said once, after the first finding that has one and only
   * when no measured finding is stated. Only that finding's topic words; no number.
   */
  check: Partial<Record<FindingId, string[]>>;
  /**
   * What has been announced about a finding that holds for the whole site (no_ssl when https itself
   * fails: Chrome's coming warning), said once, right after it, in a first email only: a follow-up
   * that finds the problem still there has no news to repeat. Only that finding's topic words; no number.
   */
  news: Partial<Record<FindingId, string[]>>;
  /** Offers the lead's report page (its address follows on the next line). */
  report: string[];
  /** After the findings: what fixing them brings (`broken`: when the site itself is down). */
  value: { one: string[]; many: string[]; broken: string[] };
  credibility: string[];
  /** Who writes, in the fewest words: what a long note keeps when the whole credibility line does not fit. */
  credibilityShort: string[];
  padding: string[];
  /** The ask: a reply, the lightest a stranger can make. */
  cta: string[];
  /** Asking for a call, kept for a note that states a measured finding: then there is something to show. */
  call: string[];
  /** Follow-ups: short replies in the thread. Like openers, these say nothing about the site and print no number. */
  followUp: {
    /** Introduces a finding the thread already stated, measured again and still there (its new value follows). */
    again: string[];
    /** Introduces the one new finding that follows. */
    addOne: string[];
    /** A gentle nudge when there is nothing new to say. */
    nudge: string[];
    cta: string[];
    /** The last step closes the loop politely instead of asking again. */
    last: string[];
  };
  subject: {
    /** Subjects that name the company; undefined company → `plain`. */
    generic(company: string, slots?: Slots): string[];
    byFinding: Partial<Record<FindingId, (company: string, slots?: Slots) => string[]>>;
    /** About the lead finding without the name, for when no named subject fits (no name, or too long). */
    unnamed: Partial<Record<FindingId, string[]>>;
    plain: string[];
  };
}

/** Prints a finding's value: only whole numbers, exactly as measured. */
export const printable = (value: number | null): value is number => value !== null && Number.isInteger(value) && value >= 0;

/** A counted finding: the measured count when there is one, else the singular or an uncounted plural. */
export function counted(value: number | null, many: (n: number) => string, one: string, some: string): string {
  if (value === 1) return one;
  return printable(value) && value > 1 ? many(value) : some;
}

/** A one-decimal measured value in the language's way of writing it: 7.9 (English), 7,9 (most others). */
export const decimal = (value: number, mark: '.' | ','): string => value.toFixed(1).replace('.', mark);

/** The full stop a sentence that ends in a quote needs, unless the quote ends a sentence itself. */
export const stop = (quote: string): string => (/[.!?…]$/.test(quote.trim()) ? '' : '.');
