// On a draft of a subject A/B test: which variant it is, and what the other variants would
// have said to this lead (each checked like its own subject).
import type { Draft } from '../../../../src/core/model/draft.ts';
import { SUBJECT_STYLE_LABELS } from '../../../../src/core/model/subject-styles.ts';
import './abtests.css';

export function DraftVariant({ draft }: { draft: Pick<Draft, 'ab_variant' | 'ab_subjects'> }) {
  if (!draft.ab_variant || !draft.ab_subjects) return null;
  const own = draft.ab_subjects.find((s) => s.variant === draft.ab_variant);
  const others = draft.ab_subjects.filter((s) => s.variant !== draft.ab_variant);
  return (
    <div className="draft-variant is-size-7">
      <span className="tag is-link is-light">
        Variant {draft.ab_variant}
        {own ? ` · ${SUBJECT_STYLE_LABELS[own.style]}` : ''}
      </span>
      {others.length ? (
        <details className="draft-variant-others">
          <summary>Other variants for this lead</summary>
          <ul>
            {others.map((s) => (
              <li key={s.variant}>
                <strong>{s.variant}</strong> <span className="has-text-grey">({SUBJECT_STYLE_LABELS[s.style]})</span>: {s.subject}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
