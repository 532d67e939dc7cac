// The whole draft as it will be sent: To, subject and the full body (as plain text).
import type { Draft } from '../../api/drafts.ts';
import { Modal } from '../Modal.tsx';

export function PreviewDraftModal({ draft, onClose }: { draft: Draft; onClose: () => void }) {
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
      </dl>
      <pre className="draft-full-body">{draft.body}</pre>
    </Modal>
  );
}
