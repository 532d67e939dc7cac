// Drafts: emails in status DRAFT, waiting for a human to review them (test mode).
import { z } from 'zod';

export const Draft = z
  .object({
    id: z.number(),
    campaign_id: z.number().nullable(),
    lead_id: z.number(),
    recipient_email: z.string(),
    subject: z.string(),
    body: z.string(),
    quality_score: z.number().nullable(),
    lead_hostname: z.string(),
    lead_url: z.string(),
    lead_title: z.string().nullable(),
    generated_at: z.string().nullable(),
  })
  .meta({ id: 'Draft' });
export type Draft = z.infer<typeof Draft>;

export const DraftQuery = z.object({
  campaign_id: z.coerce.number({ error: 'campaign_id must be a number' }).int().positive().optional(),
  min_quality: z.coerce.number({ error: 'min_quality must be a number' }).min(0, 'min_quality must be between 0 and 1').max(1, 'min_quality must be between 0 and 1').optional(),
  search: z.string().trim().max(200).optional(),
});
export type DraftQuery = z.infer<typeof DraftQuery>;

export const DraftList = z.object({ drafts: z.array(Draft), count: z.number() }).meta({ id: 'DraftList' });
export type DraftList = z.infer<typeof DraftList>;
