// Approving drafts to risky recipients takes a deliberate step: the modal lists each one with
// why it is risky, and approves only once "Send to risky addresses" is ticked.
import { useState } from 'react';
import type { Draft } from '../../api/drafts.ts';
import { Modal } from '../Modal.tsx';

interface Props {
  risky: Draft[];
  total: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function RiskyApprovalModal({ risky, total, busy, onConfirm, onClose }: Props) {
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Modal
      title="Risky recipients"
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="button is-warning" disabled={!confirmed || busy} onClick={onConfirm}>
            Approve {total === 1 ? 'draft' : `${total} drafts`}
          </button>
          <button type="button" className="button is-light" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        </>
      }
    >
      <p>
        {risky.length === 1 ? 'One recipient' : `${risky.length} recipients`} might not receive this email. Sending to addresses that bounce hurts your
        sender reputation.
      </p>
      <ul className="risky-list">
        {risky.map((draft) => (
          <li key={draft.id}>
            <strong>{draft.recipient_email}</strong>: {draft.recipient_check?.reason}
          </li>
        ))}
      </ul>
      <label className="checkbox">
        <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} /> Send to risky addresses
      </label>
    </Modal>
  );
}
