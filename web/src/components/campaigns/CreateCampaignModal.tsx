// Create-campaign modal (spec §5): name and search query required; industry and location
// optional; mode test (default) or live; max results Unlimited or one of the configured
// choices (Unlimited omits the field); max emails optional, at least 1, omitted when empty.
// "Create Campaign" leaves it a DRAFT; "Create and start" starts it in the same call.
import { useState, type FormEvent } from 'react';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { createCampaign, type NewCampaign } from '../../api/campaigns.ts';
import { CAMPAIGN_LABELS as L } from '../../../../src/core/model/labels.ts';
import { SelectField } from '../FormFields.tsx';
import { VariantsSection } from '../abtests/VariantsSection.tsx';
import type { SubjectStyle } from '../../../../src/core/model/subject-styles.ts';
import { Modal } from '../Modal.tsx';
import { useToast } from '../Toasts.tsx';
import { CampaignField } from './CampaignField.tsx';
import { ModeChoice, type Mode } from './ModeChoice.tsx';
import { draftOf, SequenceEditor, sequenceOf } from './SequenceEditor.tsx';
import { ReportPagesSwitch } from './ReportPagesSwitch.tsx';

const { max_results_choices: CHOICES, max_results_recommended: RECOMMENDED } = defaults.campaigns;
const UNLIMITED = 'unlimited';
const MAX_RESULTS_OPTIONS = [
  { value: UNLIMITED, label: 'Unlimited' },
  ...CHOICES.map((n) => ({ value: String(n), label: n === RECOMMENDED ? `${n} (recommended)` : String(n) })),
];

type Errors = Partial<Record<'name' | 'search_query' | 'max_emails' | 'sequence', string>>;

export function CreateCampaignModal({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [industry, setIndustry] = useState('');
  const [location, setLocation] = useState('');
  const [mode, setMode] = useState<Mode>('test');
  const [maxResults, setMaxResults] = useState(String(RECOMMENDED));
  const [maxEmails, setMaxEmails] = useState('');
  const [sequence, setSequence] = useState(draftOf(undefined));
  const [subjectStyles, setSubjectStyles] = useState<SubjectStyle[]>([]);
  const [reportPages, setReportPages] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  /** Which button is at work: plain create, or create and start. */
  const [busy, setBusy] = useState<false | 'create' | 'start'>(false);

  function validate(): Errors {
    const found: Errors = {};
    if (!name.trim()) found.name = 'Campaign name is required';
    if (!query.trim()) found.search_query = 'Search query is required';
    const emails = Number(maxEmails);
    if (maxEmails.trim() && (!Number.isInteger(emails) || emails < 1)) found.max_emails = 'Max emails must be a whole number of at least 1';
    const steps = sequenceOf(sequence);
    if ('error' in steps) found.sequence = steps.error;
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter submits with the first button, "Create Campaign"; "Create and start" says so itself.
    const start = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'start';
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    const input: NewCampaign = { name: name.trim(), search_query: query.trim(), mode };
    if (industry.trim()) input.industry = industry.trim();
    if (location.trim()) input.location = location.trim();
    if (maxResults !== UNLIMITED) input.max_results = Number(maxResults);
    if (maxEmails.trim()) input.max_emails = Number(maxEmails);
    const steps = sequenceOf(sequence);
    if ('sequence' in steps && steps.sequence.steps > 1) input.sequence = steps.sequence;
    if (subjectStyles.length) input.subject_variants = subjectStyles;
    if (!reportPages) input.report_pages = false;
    if (start) input.start = true;
    setBusy(start ? 'start' : 'create');
    try {
      await createCampaign(input);
      toast.success(start ? 'Campaign created and started' : 'Campaign created successfully');
      onCreated();
      onClose();
    } catch (err) {
      toast.error(errorText(err, 'Failed to create campaign'));
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Create Campaign"
      onClose={onClose}
      onSubmit={submit}
      busy={busy !== false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy !== false}>
            Cancel
          </button>
          <button type="submit" name="create" className={`button is-primary${busy === 'create' ? ' is-loading' : ''}`} disabled={busy !== false}>
            Create Campaign
          </button>
          <button type="submit" name="start" className={`button is-primary is-light${busy === 'start' ? ' is-loading' : ''}`} disabled={busy !== false}>
            Create and start
          </button>
        </>
      }
    >
      <CampaignField label={L.name} value={name} onChange={setName} error={errors.name} required autoFocus placeholder="e.g. Austin plumbers" />
      <CampaignField
        label={L.search_query}
        value={query}
        onChange={setQuery}
        error={errors.search_query}
        required
        placeholder="e.g. plumbers"
        help="What businesses to look for."
      />
      <div className="columns is-variable is-3 mb-0">
        <div className="column">
          <CampaignField label={L.industry} value={industry} onChange={setIndustry} placeholder="Optional" />
        </div>
        <div className="column">
          <CampaignField label={L.location} value={location} onChange={setLocation} placeholder="Optional, e.g. Austin" />
        </div>
      </div>
      <ModeChoice value={mode} onChange={setMode} />
      <div className="columns is-variable is-3 mb-0">
        <div className="column">
          <SelectField label={L.max_results} value={maxResults} onChange={setMaxResults} options={MAX_RESULTS_OPTIONS} />
        </div>
        <div className="column">
          <CampaignField label={L.max_emails} type="number" value={maxEmails} onChange={setMaxEmails} error={errors.max_emails} placeholder="Optional" />
        </div>
      </div>
      <SequenceEditor value={sequence} onChange={setSequence} error={errors.sequence} />
      <ReportPagesSwitch checked={reportPages} onChange={setReportPages} />
      <VariantsSection styles={subjectStyles} onChange={setSubjectStyles} />
    </Modal>
  );
}
