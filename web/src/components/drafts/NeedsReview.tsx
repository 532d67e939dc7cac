// The "Needs review" warning of a draft the claim checker held back: it cannot be sent
// automatically until a human has looked at it.
import type { DraftReview } from './draftReview.ts';

export function NeedsReviewTag({ review }: { review: DraftReview | undefined }) {
  if (!review?.reviewReason) return null;
  return (
    <span className="tag is-warning needs-review-tag" title={review.reviewReason}>
      Needs review
    </span>
  );
}

export function NeedsReviewReason({ review }: { review: DraftReview | undefined }) {
  if (!review?.reviewReason) return null;
  return (
    <p className="needs-review-reason" role="note">
      <strong>Needs review:</strong> {review.reviewReason}
    </p>
  );
}
