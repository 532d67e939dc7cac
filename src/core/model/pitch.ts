// The preview of a first email (`outreach pitch`, the Leads screen's "Preview pitch"): what the
// draft stage would write for a site, with each cited finding's sentence and evidence, the
// quality score's parts, or the reason it would not be written. Nothing of it is stored.
import { z } from 'zod';

export const PitchCitation = z.object({
  finding: z.string().describe('The finding id the email states (slow_mobile, no_ssl, …)'),
  sentence: z.string().describe('The sentence of the email (or its subject) that states it'),
  evidence: z.string().describe("The finding's evidence: what the crawl or the audit saw"),
  value: z.number().nullable().describe('The measured number the finding rests on (seconds, a count, a score), if any'),
  quote: z.string().optional().describe("The page's own words the finding quotes (the button customers press, an error message), which the email may quote"),
  quotes: z.array(z.string()).optional().describe("More of the page's words the finding quotes (phone_mismatch: the two numbers), each as shown"),
});

export const PitchQualityPart = z.object({ name: z.string(), weight: z.number(), passed: z.boolean(), note: z.string() });

export const PitchPreview = z
  .object({
    url: z.string(),
    company_name: z.string().nullable().describe("The business's own name as decided from its site; null when none is sure (the email does without)"),
    greeting_name: z.string().nullable().describe('The person the email greets by name; null for the plain greeting'),
    language: z.string().nullable().describe("The email's language (en-US, de, …); when it is not written, the site's language (null when unknown)"),
    site_language: z.string().nullable(),
    writer: z.enum(['gemini', 'heuristic']).describe('The configured AI writer'),
    audit: z.object({ measured: z.boolean(), reason: z.string().nullable() }).describe('The site audit the findings came from; reason says why it was not measured'),
    written: z.boolean(),
    subject: z.string().nullable(),
    body: z.string().nullable(),
    held: z.boolean().describe('True when the email would not be written, or would be held for review'),
    hold_reason: z.string().nullable(),
    cited: z.array(PitchCitation),
    removed: z.array(z.string()).describe('Sentences the claim checker took out of what the writer wrote'),
    quality: z.number().min(0).max(1).nullable(),
    quality_parts: z.array(PitchQualityPart),
  })
  .meta({ id: 'PitchPreview' });
export type PitchPreview = z.infer<typeof PitchPreview>;
