// Deal shapes shared by the API, the CLI and the dashboard: the change an operator makes to a
// lead's deal, and the board (columns by stage with their cards and totals).
import { z } from 'zod';
import { DEAL_STAGES } from './reply-classes.ts';

const stageError = `stage must be one of ${DEAL_STAGES.join(', ')}`;
export const DealStageInput = z.enum(DEAL_STAGES, { error: stageError });

/** The most a deal may be worth: beyond it is a typo, not a project. */
export const MAX_DEAL_VALUE = 100_000_000;
export const MAX_NOTES = 5000;

export const UpdateDealInput = z
  .object({
    stage: DealStageInput.optional(),
    value: z
      .number({ error: 'value must be a number (or null to clear it)' })
      .min(0, 'value must not be negative')
      .max(MAX_DEAL_VALUE, `value must be at most ${MAX_DEAL_VALUE}`)
      .nullable()
      .optional(),
    assigned_to: z.string({ error: 'assigned_to must be a username (or null for nobody)' }).trim().max(100, 'assigned_to must be at most 100 characters').nullable().optional(),
    notes: z.string({ error: 'notes must be text (or null to clear them)' }).max(MAX_NOTES, `notes must be at most ${MAX_NOTES} characters`).nullable().optional(),
    from_stage: DealStageInput.nullable().optional().meta({ description: 'The stage the caller saw: 409 when the deal has moved since' }),
  })
  .strict()
  .refine((v) => v.stage !== undefined || v.value !== undefined || v.assigned_to !== undefined || v.notes !== undefined, 'Nothing to change: give stage, value, assigned_to or notes')
  .meta({ id: 'UpdateDealInput' });
export type UpdateDealInput = z.infer<typeof UpdateDealInput>;

export const DealsQuery = z.object({
  stage: DealStageInput.optional(),
  assigned_to: z.string().trim().min(1, 'assigned_to must be a username').max(100).optional(),
});
export type DealsQuery = z.infer<typeof DealsQuery>;

export const DealCard = z
  .object({
    lead_id: z.number(),
    company: z.string().meta({ description: 'Company name, else the page title, else the hostname' }),
    url: z.string(),
    campaign_id: z.number().nullable(),
    campaign_name: z.string().nullable(),
    stage: z.enum(DEAL_STAGES),
    value: z.number().nullable(),
    assigned_to: z.string().nullable(),
    stage_at: z.string().nullable(),
    days_in_stage: z.number().nullable().meta({ description: 'Whole days since the deal last moved' }),
  })
  .meta({ id: 'DealCard' });
export type DealCard = z.infer<typeof DealCard>;

export const DealColumn = z
  .object({
    stage: z.enum(DEAL_STAGES),
    label: z.string(),
    count: z.number(),
    total_value: z.number().meta({ description: 'Sum of the values of the deals in the column (deals without a value add nothing)' }),
    deals: z.array(DealCard).meta({ description: 'The most recently moved first, at most `limit` of them' }),
  })
  .meta({ id: 'DealColumn' });
export type DealColumn = z.infer<typeof DealColumn>;

export const DealBoard = z.object({ columns: z.array(DealColumn), limit: z.number() }).meta({ id: 'DealBoard' });
export type DealBoard = z.infer<typeof DealBoard>;
