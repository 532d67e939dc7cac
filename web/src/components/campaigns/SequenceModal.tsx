// A campaign's "Sequence": where it stands (each step's emails, the follow-ups coming due)
// and its settings, which can be changed at any time (they apply to the steps not yet written),
// and the mailboxes its new threads go from.
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { updateCampaign, useCampaignSequence, type Campaign } from '../../api/campaigns.ts';
import { formatCount } from '../../format.ts';
import { Modal, ModalActions } from '../Modal.tsx';
import { useToast } from '../Toasts.tsx';
import { formatDate } from './dates.ts';
import { draftOf, SequenceEditor, sequenceOf } from './SequenceEditor.tsx';
import { ReportPagesSwitch } from './ReportPagesSwitch.tsx';
import { CampaignMailboxesField, useMailboxChoice } from './CampaignMailboxesField.tsx';

export function SequenceModal({ campaign, onClose, onSaved }: { campaign: Campaign; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const { data: state, error: loadError } = useCampaignSequence(campaign.id);
  const [draft, setDraft] = useState(draftOf(campaign.sequence));
  const [reportPages, setReportPages] = useState(campaign.report_pages);
  const mailboxes = useMailboxChoice(campaign.id);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = sequenceOf(draft);
    if ('error' in checked) return setError(checked.error);
    setError(undefined);
    setBusy(true);
    try {
      await updateCampaign(campaign.id, { sequence: checked.sequence, report_pages: reportPages });
      await mailboxes.save();
      toast.success('Sequence saved');
      onSaved();
      onClose();
    } catch (err) {
      toast.error(errorText(err, 'Failed to save the sequence'));
      setBusy(false);
    }
  }

  return (
    <Modal title={`Sequence — ${campaign.name}`} onClose={onClose} onSubmit={submit} busy={busy} footer={<ModalActions submitLabel="Save Sequence" busy={busy} onCancel={onClose} />}>
      {loadError ? <p className="help is-danger">{errorText(loadError, 'Failed to load the sequence')}</p> : null}
      {state ? (
        <table className="table is-narrow is-fullwidth is-size-7 sequence-state">
          <thead>
            <tr>
              <th>Step</th>
              <th>Sent</th>
              <th>Replied</th>
              <th>Waiting</th>
              <th>Bounced</th>
              <th title="Not sent: the lead's sequence stopped">Stopped</th>
            </tr>
          </thead>
          <tbody>
            {state.by_step.map((s) => (
              <tr key={s.step} data-step={s.step}>
                <td>{s.step === 1 ? 'First email' : `Follow-up ${s.step - 1}`}</td>
                <td>{formatCount(s.sent)}</td>
                <td>{formatCount(s.replied)}</td>
                <td>{formatCount(s.waiting)}</td>
                <td>{formatCount(s.bounced)}</td>
                <td>{formatCount(s.cancelled)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {state && state.due.count > 0 ? (
        <p className="is-size-7 mb-3 sequence-due">
          {formatCount(state.due.count)} follow-up{state.due.count === 1 ? '' : 's'} coming up, the first due {formatDate(state.due.first_at!)}.
        </p>
      ) : null}
      <SequenceEditor value={draft} onChange={setDraft} error={error} />
      <ReportPagesSwitch checked={reportPages} onChange={setReportPages} />
      <CampaignMailboxesField choice={mailboxes} />
      <p className="help">Changes apply to the follow-ups not written yet.</p>
    </Modal>
  );
}
