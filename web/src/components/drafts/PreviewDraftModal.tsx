// The whole draft as it will be sent: To, subject and the full body (as plain text), then
// "Why this is true": the findings it states with their evidence, and the checker's notes.
import type { ReviewDraft } from '../../api/drafts.ts';
import { Modal } from '../Modal.tsx';
import { NeedsReviewReason } from './NeedsReview.tsx';
import { WhyThisIsTrue } from './WhyThisIsTrue.tsx';
import { reviewOf } from './draftReview.ts';
import { EmailThread, stepLabel } from '../outreach/EmailThread.tsx';

export function PreviewDraftModal({ draft, onClose }: { draft: ReviewDraft; onClose: () => void }) {
  const review = reviewOf(draft);
  return (
    <Modal
      title="Preview Email"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <dl className="draft-preview-meta">
        <dt>To</dt>
        <dd>{draft.recipient_email}</dd>
        <dt>Subject</dt>
        <dd className="has-text-weight-semibold">{draft.subject}</dd>
        {draft.step > 1 ? (
          <>
            <dt>Step</dt>
            <dd>{stepLabel(draft.step, draft.steps)}</dd>
          </>
        ) : null}
      </dl>
      <EmailThread id={draft.id} step={draft.step} />
      <NeedsReviewReason review={review} />
      <div className="draft-preview-layout">
        <pre className="draft-full-body">{draft.body}</pre>
        <section className="draft-why-section" aria-label="Why this is true">
          <h3 className="title is-6 mb-2">Why this is true</h3>
          <WhyThisIsTrue leadId={draft.lead_id} review={review} />
        </section>
      </div>
    </Modal>
  );
}
