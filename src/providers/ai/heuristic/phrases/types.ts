// What a language gives the offline writer. Every sentence here is either about one finding
// (and then uses that finding's topic words, so the claim checker can see what it states) or
// about nothing on the site at all: openers, value, credibility and calls to action never use
// a topic word (mobile, form, booking, images, secure, slow...) and never print a number.
import type { FindingId } from '../../../../core/model/analysis.ts';

export interface Slots {
  /** The cleaned company name; undefined when the brief has none. */
  company?: string;
  city?: string;
  /** "dental practices"; English only (industries are named in English). */
  industryPlural?: string;
}

/** A finding said as what the owner loses. `value` is the finding's measured value, printed as is, or null. */
export type FindingSentence = (value: number | null) => string;

export interface Phrasebook {
  greetNamed(name: string): string[];
  greetTeam(company: string): string[];
  greetAnon: string[];
  /** Introduces `count` (1-3) findings; ends with ":" (the findings follow as a list) or ". " for one. */
  opener(slots: Slots, count: number): string[];
  finding: Record<FindingId, FindingSentence>;
  /** After the findings: what fixing them brings (`broken`: when the site itself is down). */
  value: { one: string[]; many: string[]; broken: string[] };
  credibility: string[];
  padding: string[];
  cta: string[];
  /** The note for a lead with nothing to cite: states nothing about the site. */
  none: { opener(slots: Slots): string[]; body: string[]; cta: string[]; padding: string[] };
  /** Follow-ups: short replies in the thread. Like openers, these say nothing about the site and print no number. */
  followUp: {
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
    generic(company: string): string[];
    byFinding: Partial<Record<FindingId, (company: string) => string[]>>;
    none(company: string): string[];
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
