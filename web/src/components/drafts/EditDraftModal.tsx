// Edit a draft: To (also becomes the lead's contact email), Subject and Message with a
// word count; Save Changes sends PATCH /api/drafts/{id}.
import { useState, type FormEvent } from 'react';
import { updateDraft, type Draft } from '../../api/drafts.ts';
import { Field, TextField } from '../FormFields.tsx';
import { Modal, ModalActions } from '../Modal.tsx';
import { useToast } from '../Toasts.tsx';
import { wordCount } from './draftFormat.ts';

export function EditDraftModal({ draft, onClose, onSaved }: { draft: Draft; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const [recipient, setRecipient] = useState(draft.recipient_email);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [busy, setBusy] = useState(false);
  const words = wordCount(body);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await updateDraft(draft.id, { subject, body, recipient_email: recipient });
      toast.success('Draft updated');
      onSaved();
      onClose();
    } catch {
      toast.error('Failed to update draft');
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Edit Draft"
      onClose={onClose}
      busy={busy}
      onSubmit={(event) => void save(event)}
      footer={<ModalActions submitLabel="Save Changes" busyLabel="Saving..." busy={busy} onCancel={onClose} />}
    >
      <TextField label="To" type="email" value={recipient} onChange={setRecipient} help="This will also update the lead's contact email" />
      <TextField label="Subject" value={subject} onChange={setSubject} />
      <Field label="Message" help={words === 1 ? '1 word' : `${words} words`}>
        {(id) => (
          <textarea id={id} aria-labelledby={`${id}-label`} className="textarea draft-editor" rows={12} value={body} onChange={(event) => setBody(event.target.value)} />
        )}
      </Field>
    </Modal>
  );
}
