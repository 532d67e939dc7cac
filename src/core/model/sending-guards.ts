// What the API, the CLI and the dashboard show of the bounce and complaint guard.
import { z } from 'zod';

export const GuardFiguresOut = z
  .object({
    sends: z.number().meta({ description: 'Sends in the window the rule reads' }),
    hard_bounces: z.number(),
    complaints: z.number(),
    hard_bounce_rate: z.number().meta({ description: 'Per cent of the sends' }),
    complaint_rate: z.number().meta({ description: 'Per cent of the sends' }),
  })
  .meta({ id: 'GuardFigures' });

export const GuardThresholdsOut = z
  .object({
    hard_bounce_percent: z.number(),
    complaint_percent: z.number(),
    min_sends: z.number().meta({ description: 'Sends in the window before a rate means anything' }),
    window_sends: z.number(),
    window_days: z.number(),
  })
  .meta({ id: 'GuardThresholds' });

export const SendingPauseOut = z
  .object({
    scope: z.string().meta({ description: "'all' (live sending as a whole), 'campaign:<id>' or 'mailbox:<id>'" }),
    campaign_id: z.number().nullable(),
    campaign_name: z.string().nullable(),
    mailbox_id: z.number().nullable(),
    mailbox_label: z.string().nullable(),
    cause: z.enum(['hard_bounces', 'complaints']),
    reason: z.string().meta({ description: 'e.g. "4 hard bounces in the last 96 sends (4.2 %, above 3 %)"' }),
    figures: GuardFiguresOut,
    paused_at: z.string(),
  })
  .meta({ id: 'SendingPause' });
export type SendingPauseOut = z.infer<typeof SendingPauseOut>;

export const GuardsState = z
  .object({
    live_sending: z.object({
      paused: SendingPauseOut.nullable().meta({ description: 'Set while live sending as a whole is paused: no email goes until an operator resumes it' }),
      figures: GuardFiguresOut.meta({ description: 'All sends in the window (since the last resume)' }),
    }),
    paused_campaigns: z.array(SendingPauseOut).meta({ description: 'Campaigns whose emails wait until an operator resumes them' }),
    paused_mailboxes: z.array(SendingPauseOut).meta({ description: 'Mailboxes whose emails wait until an operator resumes them' }),
    thresholds: GuardThresholdsOut,
  })
  .meta({ id: 'GuardsState' });
export type GuardsState = z.infer<typeof GuardsState>;

export const CampaignGuard = z
  .object({
    campaign_id: z.number(),
    paused: SendingPauseOut.nullable(),
    figures: GuardFiguresOut,
    thresholds: GuardThresholdsOut,
  })
  .meta({ id: 'CampaignGuard' });
export type CampaignGuard = z.infer<typeof CampaignGuard>;
