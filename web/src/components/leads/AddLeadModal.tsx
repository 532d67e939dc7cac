// Add lead (Leads screen): one business by its web address, with what you know of it. It is
// analysed like any other lead (a one-lead campaign, started at once); an email you give is
// kept as its contact unless the site shows a better one.
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { addLead } from '../../api/lead-lists.ts';
import type { Campaign } from '../../api/campaigns.ts';
import { ModeChoice, type Mode } from '../campaigns/ModeChoice.tsx';
import { TextField } from '../FormFields.tsx';
import { Modal, ModalActions } from '../Modal.tsx';
import '../campaigns/campaigns.css'; // the mode radio's layout

export function AddLeadModal({ onClose, onAdded }: { onClose: () => void; onAdded: (hostname: string, campaign: Campaign) => void }) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [city, setCity] = useState('');
  const [mode, setMode] = useState<Mode>('test');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const added = await addLead({ url, name, email, phone, city, mode });
      onAdded(added.hostname, added.campaign);
    } catch (error) {
      setProblem(errorText(error, 'Failed to add the lead'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Add a lead" onClose={onClose} onSubmit={submit} busy={busy} footer={<ModalActions submitLabel="Add and analyse" busy={busy} onCancel={onClose} />}>
      <TextField label="Website" value={url} onChange={(value) => (setUrl(value), setProblem(null))} required autoFocus placeholder="acme-plumbing.com" help="The business's web address: it is crawled and analysed like a search result." />
      <TextField label="Business name" value={name} onChange={setName} />
      <TextField label="Contact email" type="email" value={email} onChange={setEmail} help="Kept as the contact (marked as yours) unless the site shows a better one." />
      <div className="columns">
        <div className="column">
          <TextField label="Phone" value={phone} onChange={setPhone} />
        </div>
        <div className="column">
          <TextField label="City" value={city} onChange={setCity} />
        </div>
      </div>
      <ModeChoice value={mode} onChange={setMode} />
      {problem ? (
        <div className="notification is-danger is-light" role="alert">
          {problem}
        </div>
      ) : null}
    </Modal>
  );
}
