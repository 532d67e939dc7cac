// What the claim checker recorded about a draft, read defensively from its quality_breakdown
// JSON (older drafts have no `claims` and no `review_reason`), and the hook that finds that
// breakdown: on the draft itself when the list carries it, else on the lead's emails.
import type { ReviewDraft } from '../../api/drafts.ts';

export interface ClaimProblem {
  kind: string;
  sentence: string;
  reason: string;
}

export interface DraftReview {
  /** False for a draft written before the claim checker (no `claims` recorded). */
  checked: boolean;
  ok: boolean;
  /** Finding ids the draft states. */
  stated: string[];
  problems: ClaimProblem[];
  /** Sentences the checker removed from the draft. */
  removed: string[];
  /** Set: a human must look before it is sent. */
  reviewReason: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((v): v is string => v !== null) : []);

function problems(value: unknown): ClaimProblem[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is Record<string, unknown> => Boolean(p) && typeof p === 'object')
    .map((p) => ({ kind: text(p.kind) ?? 'problem', sentence: text(p.sentence) ?? '', reason: text(p.reason) ?? '' }))
    .filter((p) => p.sentence || p.reason);
}

export function readReview(breakdown: Record<string, unknown> | null | undefined): DraftReview {
  const claims = breakdown?.claims && typeof breakdown.claims === 'object' ? (breakdown.claims as Record<string, unknown>) : null;
  return {
    checked: claims !== null,
    ok: claims?.ok === true,
    stated: [...new Set(texts(claims?.stated))],
    problems: problems(claims?.problems),
    removed: texts(claims?.removed),
    reviewReason: text(breakdown?.review_reason),
  };
}

/** The draft's review record, from the breakdown the drafts list carries. */
export function reviewOf(draft: ReviewDraft): DraftReview {
  return readReview(draft.quality_breakdown);
}

/** 'unsupported_claim' → 'Unsupported claim'. */
export const kindLabel = (kind: string) => kind.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
