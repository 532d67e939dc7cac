// The lead statuses and the list's query (filters, sort, page), apart from the lead's shapes:
// the CLI's `leads list` and `leads export` check their options with these without building
// every response schema of the API (the analysis's among them).
import { z } from 'zod';
import { LEAD_SORTS, type LeadSort } from './lead-sort.ts';
import { wholeNumber } from './validate.ts';

export const LEAD_STATUSES = [
  'NEW', 'SCRAPING', 'ANALYZED', 'EMAIL_GENERATED', 'EMAIL_SENT', 'OPENED',
  'CLICKED', 'REPLIED', 'CONVERTED', 'BOUNCED', 'UNSUBSCRIBED',
] as const;
export const LeadStatus = z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` });
export type LeadStatus = z.infer<typeof LeadStatus>;

const MAX_IDS = 5000;
const positiveId = (field: string) => wholeNumber(field);

/** The filters shared by the list and the CSV export. */
export const LeadFilterQuery = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional().transform((v) => v || undefined)
    .meta({ description: 'Words found in the company name, title, hostname, contact email or city (full-text: whole words in this order, the last one may be the start of a word)' }),
  status: LeadStatus.optional(),
  business_category: z.string().trim().max(100, 'business_category must be at most 100 characters').optional().transform((v) => v || undefined),
  campaign_id: positiveId('campaign_id').optional(),
  has_email: z.enum(['true', 'false'], { error: "has_email must be 'true' or 'false'" }).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  ids: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'ids must be a comma-separated list of lead ids, e.g. 1,2,3')
    .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
    .refine((ids) => ids.length <= MAX_IDS, `ids may name at most ${MAX_IDS} leads`)
    .optional()
    .meta({ description: 'Only these leads (comma-separated ids)' }),
  sort: z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(', ')}` }).default('discovered_at')
    .meta({ description: 'discovered_at (newest first), opportunity and urgency (highest score first), industry and location (city, A-Z)' }),
});
/** Every filter is optional; sort has its default. */
export type LeadFilter = Partial<Omit<z.infer<typeof LeadFilterQuery>, 'sort'>> & { sort: LeadSort };

export const LeadListQuery = LeadFilterQuery.extend({
  limit: wholeNumber('limit', { min: 1, max: 200 }).default(50),
  cursor: z.string().max(1000, 'cursor is not valid').optional().meta({ description: 'next_cursor of the previous page' }),
});
export type LeadListQuery = z.infer<typeof LeadListQuery>;

/** A list's total is counted up to this many leads (on its first page only); past it the
 * answer says "at least" (total_exact: false) instead of counting every matching row. */
export const LIST_TOTAL_CAP = 10_000;
