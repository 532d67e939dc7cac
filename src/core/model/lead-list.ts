// Shapes of the lead-list import and "Add lead", shared by the API, the CLI and the dashboard.
import { z } from 'zod';
import { CampaignMode } from './campaign.ts';
import { wholeNumber } from './validate.ts';

const optionalText = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`).optional().transform((v) => v || undefined);

/** The campaign an imported list becomes (query parameters: the body is the file itself). */
export const ImportListQuery = z
  .object({
    file_name: optionalText('file_name', 200).meta({ description: 'The uploaded file’s name: the default campaign name' }),
    name: optionalText('name', 200).meta({ description: 'Campaign name (default: "List: <file name>")' }),
    mode: CampaignMode.default('test'),
    max_emails: wholeNumber('max_emails', { min: 1, max: 10000 }).optional(),
    start: z.enum(['true', 'false'], { error: "start must be 'true' or 'false'" }).default('false').transform((v) => v === 'true')
      .meta({ description: 'Start the campaign at once' }),
  })
  .strict();
export type ImportListQuery = z.infer<typeof ImportListQuery>;

export const PreviewQuery = z.object({ file_name: optionalText('file_name', 200) }).strict();

const email = z.string().trim().max(254, 'email must be at most 254 characters').optional().transform((v) => v || undefined);

export const AddLeadInput = z
  .object({
    url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(2000, 'url must be at most 2000 characters'),
    name: optionalText('name', 200),
    email,
    phone: optionalText('phone', 100),
    city: optionalText('city', 200),
    mode: CampaignMode.default('test'),
  })
  .strict()
  .meta({ id: 'AddLeadInput' });
export type AddLeadInput = z.infer<typeof AddLeadInput>;

const Line = z.object({ line: z.number(), reason: z.string() });

export const ListPreview = z
  .object({
    file_name: z.string(),
    format: z.enum(['csv', 'lines']).meta({ description: 'A CSV with a header row, or one web address per line' }),
    rows_read: z.number().meta({ description: 'Rows that were not blank or a comment' }),
    accepted: z.number().meta({ description: 'Rows that become leads (new hostnames)' }),
    known: z.number().meta({ description: 'Rows whose hostname is a lead already: reported, not added again' }),
    skipped: z.number(),
    with_email: z.number().meta({ description: 'Accepted rows that bring a contact email' }),
    sample: z.array(z.object({ line: z.number(), url: z.string(), hostname: z.string(), name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), city: z.string().nullable() }))
      .meta({ description: 'The first accepted rows' }),
    skipped_lines: z.array(Line).meta({ description: 'Why each skipped row was skipped (the first 500)' }),
    known_lines: z.array(z.object({ line: z.number(), hostname: z.string(), lead_id: z.number() })).meta({ description: 'Rows already in the database (the first 500)' }),
    notes: z.array(Line).meta({ description: 'Rows kept with a part left out, e.g. an email that is not one (the first 500)' }),
  })
  .meta({ id: 'ListPreview' });
export type ListPreview = z.infer<typeof ListPreview>;
