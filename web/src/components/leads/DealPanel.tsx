// The lead's deal on Lead detail: stage, value, owner (a username of this product) and notes,
// saved together; only what changed is sent, with the stage this page showed (a deal moved
// meanwhile is refused rather than overwritten). Each change lands in the lead's history.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { DEAL_STAGES, DEAL_STAGE_LABELS, formatDealValue, updateDeal, type DealStage, type UpdateDealInput } from '../../api/deals.ts';
import type { Lead } from '../../api/leads.ts';
import { useUsers } from '../../api/users.ts';
import { useSession } from '../../session.ts';
import { useToast } from '../Toasts.tsx';

interface Draft {
  stage: DealStage | '';
  value: string;
  owner: string;
  notes: string;
}

const draftOf = (lead: Lead): Draft => ({ stage: lead.deal_stage ?? '', value: lead.deal_value === null ? '' : String(lead.deal_value), owner: lead.assigned_to ?? '', notes: lead.notes ?? '' });

/** The fields that differ from the lead, as the API takes them; a string error when the value is not a number. */
function changes(lead: Lead, draft: Draft): UpdateDealInput | string {
  const change: UpdateDealInput = {};
  if (draft.stage && draft.stage !== lead.deal_stage) change.stage = draft.stage;
  const value = draft.value.trim() === '' ? null : Number(draft.value.replaceAll(',', ''));
  if (value !== null && !Number.isFinite(value)) return 'Value must be a number';
  if (value !== lead.deal_value) change.value = value;
  const owner = draft.owner.trim() || null;
  if (owner !== lead.assigned_to) change.assigned_to = owner;
  const notes = draft.notes.trim() || null;
  if (notes !== (lead.notes ?? null)) change.notes = notes;
  return change;
}

export function DealPanel({ lead, onChanged }: { lead: Lead; onChanged: (lead: Lead) => void }) {
  const toast = useToast();
  const ids = { stage: useId(), value: useId(), owner: useId(), notes: useId(), owners: useId() };
  const session = useSession();
  // Only administrators may list users; others type the username (the server checks it).
  const { data: users } = useUsers(session?.user.role === 'admin');
  const [draft, setDraft] = useState<Draft>(() => draftOf(lead));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The lead changed (saved here, or its status set above): show it as it is now.
  useEffect(() => {
    setDraft(draftOf(lead));
    setProblem(null);
  }, [lead]);

  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const change = changes(lead, draft);
    if (typeof change === 'string') return setProblem(change);
    if (Object.keys(change).length === 0) return setProblem('Nothing changed');
    if (!lead.deal_stage && !change.stage) return setProblem('Choose a stage to open the deal');
    setSaving(true);
    setProblem(null);
    try {
      onChanged(await updateDeal(lead.id, { ...change, from_stage: lead.deal_stage }));
      toast.success('Deal saved');
    } catch (err) {
      setProblem(errorText(err, 'Failed to save the deal'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="box deal-panel" aria-label="Deal">
      <h2 className="title is-5">Deal</h2>
      {!lead.deal_stage ? <p className="has-text-grey mb-3">No deal yet: one opens when a reply shows interest, or choose a stage.</p> : null}
      <form onSubmit={(event) => void save(event)}>
        <div className="columns is-multiline">
          <div className="column is-3-desktop is-6-tablet field">
            <label className="label is-small" htmlFor={ids.stage}>
              Stage
            </label>
            <div className="select is-fullwidth">
              <select id={ids.stage} value={draft.stage} onChange={set('stage')}>
                {!lead.deal_stage ? <option value="">No deal</option> : null}
                {DEAL_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {DEAL_STAGE_LABELS[stage]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="column is-3-desktop is-6-tablet field">
            <label className="label is-small" htmlFor={ids.value}>
              Value
            </label>
            <input id={ids.value} className="input" inputMode="decimal" placeholder="e.g. 2500" value={draft.value} onChange={set('value')} />
            {lead.deal_value !== null ? <p className="help">Now {formatDealValue(lead.deal_value)}</p> : null}
          </div>
          <div className="column is-3-desktop is-6-tablet field">
            <label className="label is-small" htmlFor={ids.owner}>
              Owner
            </label>
            <input id={ids.owner} className="input" list={users ? ids.owners : undefined} placeholder="username" value={draft.owner} onChange={set('owner')} autoComplete="off" />
            {users ? (
              <datalist id={ids.owners}>
                {users.filter((u) => u.is_active).map((u) => (
                  <option key={u.id} value={u.username} />
                ))}
              </datalist>
            ) : null}
          </div>
          <div className="column is-12 field">
            <label className="label is-small" htmlFor={ids.notes}>
              Notes
            </label>
            <textarea id={ids.notes} className="textarea" rows={3} value={draft.notes} onChange={set('notes')} />
          </div>
        </div>
        {problem ? (
          <p className="help is-danger mb-2" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className={`button is-primary${saving ? ' is-loading' : ''}`} disabled={saving}>
          Save deal
        </button>
      </form>
    </section>
  );
}
