// One draft, in its website's group or in the flat list: selection, the business it is for
// (its name, else its hostname), recipient, position in its group, quality, subject, the
// body's first line after the greeting (its first 200 characters), the
// "Needs review" warning with its reason, "Why this is true" (the findings it states, with
// their evidence) and the row actions (approve, preview, edit, delete). All texts are
// rendered as text.
import { useState } from 'react';
import type { ReviewDraft } from '../../api/drafts.ts';
import { NeedsReviewReason, NeedsReviewTag } from './NeedsReview.tsx';
import { DraftVariant } from '../abtests/DraftVariant.tsx';
import { RecipientCheckNote, RecipientCheckTag } from '../verification/RecipientCheck.tsx';
import { QualityBadge } from './QualityBadge.tsx';
import { EmailThread, stepLabel } from '../outreach/EmailThread.tsx';
import { WhyThisIsTrue } from './WhyThisIsTrue.tsx';
import { twoZoneTime } from '../../../../src/core/scheduling/send-time-text.ts';
import { businessName, goesNow, isLowQuality, preview, undeliverableReason } from './draftFormat.ts';
import { reviewOf, type DraftReview } from './draftReview.ts';

interface DraftRowProps {
  draft: ReviewDraft;
  /** Its place in its website's group ('Draft #n'); none in the flat list. */
  position?: number;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
  onApprove: () => void;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function DraftRow({ draft, position, selected, busy, onToggle, onApprove, onPreview, onEdit, onDelete }: DraftRowProps) {
  const review = reviewOf(draft);
  const now = goesNow(draft);
  const undeliverable = undeliverableReason(draft);
  const name = businessName(draft);
  return (
    <article className={`draft-row ${selected ? 'is-selected' : ''}`} data-draft-id={draft.id} aria-label={`Draft to ${draft.recipient_email}`}>
      <label className="checkbox draft-check">
        <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select draft to ${draft.recipient_email}`} />
      </label>
      <div className="draft-main">
        <p className="draft-business">
          <span className="draft-business-name" title={name}>
            {name}
          </span>
          {name === draft.lead_hostname ? null : <span className="draft-business-host has-text-grey">{draft.lead_hostname}</span>}
        </p>
        <div className="draft-meta">
          <span className="draft-recipient">{draft.recipient_email}</span>
          <RecipientCheckTag check={draft.recipient_check} />
          {position ? <span className="tag is-white draft-number">Draft #{position}</span> : null}
          <QualityBadge score={draft.quality_score} />
          <NeedsReviewTag review={review} />
          {draft.step > 1 ? <span className="tag is-info is-light draft-step">{stepLabel(draft.step, draft.steps)}</span> : null}
        </div>
        {draft.step > 1 ? <EmailThread id={draft.id} step={draft.step} /> : null}
        <p className="draft-subject" title={draft.subject}>
          {draft.subject}
        </p>
        <DraftVariant draft={draft} />
        {draft.first_line ? (
          <p className="draft-preview has-text-grey" title={draft.first_line}>
            {preview(draft.first_line)}
          </p>
        ) : null}
        {isLowQuality(draft.quality_score) ? (
          <p className="help is-danger draft-warning">Low quality score. Consider editing this draft before approving.</p>
        ) : null}
        <RecipientCheckNote check={draft.recipient_check} onDraft />
        {now || undeliverable ? null : (
          <p className="help draft-send-at">
            Approved now, it goes {twoZoneTime(draft.send_at, draft.recipient_timezone, Intl.DateTimeFormat().resolvedOptions().timeZone)}: its recipient&apos;s sending window is closed.
          </p>
        )}
        <NeedsReviewReason review={review} />
        <WhyDisclosure leadId={draft.lead_id} review={review} />
      </div>
      <div className="buttons draft-actions">
        {undeliverable ? (
          // Nothing can be approved to an address that cannot receive mail: the one action is to change it.
          <button type="button" className="button is-small is-warning draft-fix-recipient" onClick={onEdit} title={undeliverable}>
            Fix Recipient
          </button>
        ) : (
          <button type="button" className={`button is-small ${now ? 'is-success' : 'is-info'}`} onClick={onApprove} disabled={busy}>
            {now ? 'Send Now' : 'Queue & Send'}
          </button>
        )}
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

/** "Why this is true", folded; the evidence is fetched only once it is opened. */
function WhyDisclosure({ leadId, review }: { leadId: number; review: DraftReview | undefined }) {
  const [open, setOpen] = useState(false);
  const count = review?.stated.length;
  return (
    <details className="draft-why" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Why this is true{count ? ` (${count === 1 ? '1 finding' : `${count} findings`})` : ''}
      </summary>
      {open ? <WhyThisIsTrue leadId={leadId} review={review} /> : null}
    </details>
  );
}
