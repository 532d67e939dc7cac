// One draft in a group: selection, recipient, position, quality, subject, preview and the
// row actions (approve, preview, edit, delete). All texts are rendered as text.
import type { Draft } from '../../api/drafts.ts';
import { QualityBadge } from './QualityBadge.tsx';
import { isLowQuality, preview } from './draftFormat.ts';

interface DraftRowProps {
  draft: Draft;
  position: number;
  selected: boolean;
  inWindow: boolean;
  busy: boolean;
  onToggle: () => void;
  onApprove: () => void;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function DraftRow({ draft, position, selected, inWindow, busy, onToggle, onApprove, onPreview, onEdit, onDelete }: DraftRowProps) {
  return (
    <article className={`draft-row ${selected ? 'is-selected' : ''}`} data-draft-id={draft.id} aria-label={`Draft to ${draft.recipient_email}`}>
      <label className="checkbox draft-check">
        <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select draft to ${draft.recipient_email}`} />
      </label>
      <div className="draft-main">
        <div className="draft-meta">
          <span className="draft-recipient has-text-weight-semibold">{draft.recipient_email}</span>
          <span className="tag is-white draft-number">Draft #{position}</span>
          <QualityBadge score={draft.quality_score} />
        </div>
        <p className="draft-subject">{draft.subject}</p>
        <p className="draft-preview has-text-grey">{preview(draft.body)}</p>
        {isLowQuality(draft.quality_score) ? (
          <p className="help is-danger draft-warning">Low quality score. Consider editing this draft before approving.</p>
        ) : null}
      </div>
      <div className="buttons draft-actions">
        <button type="button" className={`button is-small ${inWindow ? 'is-success' : 'is-info'}`} onClick={onApprove} disabled={busy}>
          {inWindow ? 'Send Now' : 'Queue & Send'}
        </button>
        <button type="button" className="button is-small is-light" onClick={onPreview}>
          Preview
        </button>
        <button type="button" className="button is-small is-light" onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="button is-small is-danger is-light" onClick={onDelete} disabled={busy}>
          Delete
        </button>
      </div>
    </article>
  );
}
