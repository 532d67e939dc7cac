// The subject styles of A/B tests as plain constants (no zod), so the dashboard can import them.
/**
 * What a subject in each style does. Every style still says only what the analysis found:
 * `finding` leads with the most important finding (the writer's usual subject), `question`
 * asks a short question, `name` opens with the business's name.
 */
export const SUBJECT_STYLES = ['finding', 'question', 'name'] as const;
export type SubjectStyle = (typeof SUBJECT_STYLES)[number];

export const SUBJECT_STYLE_LABELS: Record<SubjectStyle, string> = {
  finding: 'Finding-led',
  question: 'Question',
  name: 'Name-led',
};

export const VARIANT_KEYS = ['A', 'B', 'C'] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

/** The first `count` styles: what `--subject-variants 2` means. */
export function defaultStyles(count: number): SubjectStyle[] {
  return SUBJECT_STYLES.slice(0, count);
}
