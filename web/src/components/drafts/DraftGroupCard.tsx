// A website's drafts: a header that collapses and expands the group (collapsed at first)
// with the business's name (else its hostname), url, count, how many need review, average quality and Select All / Deselect All.
import { useState } from 'react';
import type { Draft, ReviewDraft } from '../../api/drafts.ts';
import { DraftRow } from './DraftRow.tsx';
import { QualityBadge } from './QualityBadge.tsx';
import type { DraftGroup } from './draftFormat.ts';
import { readReview } from './draftReview.ts';

interface DraftGroupCardProps {
  group: DraftGroup;
  selected: ReadonlySet<number>;
  busy: boolean;
  onToggle: (id: number) => void;
  onSelectGroup: (ids: number[], select: boolean) => void;
  onApprove: (draft: Draft) => void;
  onPreview: (draft: Draft) => void;
  onEdit: (draft: Draft) => void;
  onDelete: (draft: Draft) => void;
}

export function DraftGroupCard({ group, selected, busy, onToggle, onSelectGroup, onApprove, onPreview, onEdit, onDelete }: DraftGroupCardProps) {
  const [open, setOpen] = useState(false);
  const ids = group.drafts.map((draft) => draft.id);
  const allSelected = ids.every((id) => selected.has(id));
  const count = group.drafts.length;
  const bodyId = `draft-group-${group.key}`;
  // Counted only from breakdowns the list carries: a collapsed group fetches nothing.
  const held = group.drafts.filter((draft: ReviewDraft) => readReview(draft.quality_breakdown).reviewReason).length;

  return (
    <section className="card draft-group" data-hostname={group.hostname} aria-label={group.name === group.hostname ? group.hostname : `${group.name} (${group.hostname})`}>
      <header className="draft-group-head">
        <button type="button" className="draft-group-toggle-btn" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((value) => !value)}>
          <span className="draft-caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="draft-group-title">
            <span className="has-text-weight-semibold draft-group-name">{group.name}</span>
            <span className="is-size-7 has-text-grey draft-url">{group.url}</span>
          </span>
        </button>
        <span className="tag is-light draft-count">{count === 1 ? '1 draft' : `${count} drafts`}</span>
        {held ? <span className="tag is-warning needs-review-tag">{held === 1 ? '1 needs review' : `${held} need review`}</span> : null}
        <QualityBadge score={group.averageQuality} label="Average quality" />
        <button type="button" className="button is-small is-text" onClick={() => onSelectGroup(ids, !allSelected)}>
          {allSelected ? 'Deselect All' : 'Select All'}
        </button>
      </header>
      {open ? (
        <div className="draft-group-body" id={bodyId}>
          {group.drafts.map((draft, index) => (
            <DraftRow
              key={draft.id}
              draft={draft}
              position={index + 1}
              selected={selected.has(draft.id)}
              busy={busy}
              onToggle={() => onToggle(draft.id)}
              onApprove={() => onApprove(draft)}
              onPreview={() => onPreview(draft)}
              onEdit={() => onEdit(draft)}
              onDelete={() => onDelete(draft)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
