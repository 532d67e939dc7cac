// Edit a draft: To (also becomes the lead's contact email), Subject and Message with a
// word count; Save Changes sends PATCH /api/drafts/{id}. An empty or too long field is
// named under it, in the same words the server uses, and the server's reason is shown too.
import { useState, type FormEvent } from 'react';
import { DRAFT_LABELS as L, DRAFT_LIMITS } from '../../../../src/core/model/labels.ts';
import { errorText } from '../../api/client.ts';
import { updateDraft, type Draft } from '../../api/drafts.ts';
import { TextAreaField, TextField } from '../FormFields.tsx';
import { Modal, ModalActions } from '../Modal.tsx';
import { useToast } from '../Toasts.tsx';
import { wordCount } from './draftFormat.ts';

type Fields = 'recipient_email' | 'subject' | 'body';

/** What the form can tell before asking the server: an empty field, named as it is labelled. */
function emptyFields(values: Record<Fields, string>): Partial<Record<Fields, string>> {
  const problems: Partial<Record<Fields, string>> = {};
  if (!values.recipient_email.trim()) problems.recipient_email = `${L.recipient_email} is empty: enter the recipient's email address`;
  if (!values.subject.trim()) problems.subject = `${L.subject} is empty: write the subject line`;
  if (!values.body.trim()) problems.body = `${L.body} is empty: write the email`;
  return problems;
}

export function EditDraftModal({ draft, onClose, onSaved }: { draft: Draft; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const [recipient, setRecipient] = useState(draft.recipient_email);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [problems, setProblems] = useState<Partial<Record<Fields, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const words = wordCount(body);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found = emptyFields({ recipient_email: recipient, subject, body });
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await updateDraft(draft.id, { subject, body, recipient_email: recipient });
      toast.success('Draft updated');
      onSaved();
      onClose();
    } catch (error) {
      setServerError(errorText(error, 'Failed to update draft'));
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
      <TextField label={L.recipient_email} type="email" value={recipient} onChange={setRecipient} help="This will also update the lead's contact email" error={problems.recipient_email} />
      <TextField label={L.subject} value={subject} onChange={setSubject} maxLength={DRAFT_LIMITS.subject} error={problems.subject} />
      <TextAreaField
        label={L.body}
        className="textarea draft-editor"
        rows={12}
        value={body}
        onChange={setBody}
        maxLength={DRAFT_LIMITS.body}
        help={words === 1 ? '1 word' : `${words} words`}
        error={problems.body}
      />
      {serverError ? (
        <div className="notification is-danger is-light is-size-7 py-2 px-3" role="alert">
          {serverError}
        </div>
      ) : null}
    </Modal>
  );
}
