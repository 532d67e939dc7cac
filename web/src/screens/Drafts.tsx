// Email Drafts (/drafts): review the AI-written drafts before they go out — search, group
// by website (or one flat list, best first, with grouping off), filter by campaign and
// quality, preview, edit, delete, and approve (send now inside an optimal sending window,
// queue for the next one outside it). Each row names the business, its subject and the
// email's first line.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import defaults from '../../../config/default.json';
import { errorText } from '../api/client.ts';
import { useCampaigns } from '../api/campaigns.ts';
import { useDrafts, type Draft } from '../api/drafts.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { SenderIdentityNotice } from '../components/SenderIdentityNotice.tsx';
import { DraftFilters } from '../components/drafts/DraftFilters.tsx';
import { DraftGroupCard } from '../components/drafts/DraftGroupCard.tsx';
import { DraftRow } from '../components/drafts/DraftRow.tsx';
import { EditDraftModal } from '../components/drafts/EditDraftModal.tsx';
import { PreviewDraftModal } from '../components/drafts/PreviewDraftModal.tsx';
import { RiskyApprovalModal } from '../components/drafts/RiskyApprovalModal.tsx';
import { goesNow, groupDrafts } from '../components/drafts/draftFormat.ts';
import { useDraftActions } from '../components/drafts/useDraftActions.ts';
import { useDebounced } from '../components/leads/useDebounced.ts';
import { useSelection } from '../components/useSelection.ts';
import '../components/drafts/drafts.css';
import { plural } from '../../../src/core/plural.ts';

export function Drafts() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, defaults.ui.search_debounce_ms);
  const [grouped, setGrouped] = useState(true);
  const [campaignId, setCampaignId] = useState('');
  const [minQuality, setMinQuality] = useState('');
  const [editing, setEditing] = useState<Draft | null>(null);
  const [previewing, setPreviewing] = useState<Draft | null>(null);
  // Drafts waiting for the operator to accept their risky recipients.
  const [confirming, setConfirming] = useState<{ ids: number[]; risky: Draft[] } | null>(null);

  const { data, error, isLoading, mutate } = useDrafts({ search, campaign_id: campaignId, min_quality: minQuality });
  const { data: campaigns } = useCampaigns();
  const actions = useDraftActions();

  const drafts = useMemo(() => data?.drafts ?? [], [data]);
  const groups = useMemo(() => (grouped ? groupDrafts(drafts) : []), [drafts, grouped]);
  const filtered = Boolean(search.trim() || campaignId || minQuality);
  const { selected, toggle, setMany: selectGroup, clear } = useSelection(useMemo(() => drafts.map((draft) => draft.id), [drafts]));
  // The server said when each would go: the button says "now" only when every selected one would.
  const allGoNow = (ids: Iterable<number>) => {
    const chosen = new Set(ids);
    return drafts.filter((draft) => chosen.has(draft.id)).every((draft) => goesNow(draft));
  };
  const allNow = allGoNow(selected);

  /** Approves at once, or first asks to accept the risky recipients among them (the server refuses them otherwise). */
  async function approve(ids: number[]): Promise<boolean> {
    const chosen = drafts.filter((draft) => ids.includes(draft.id));
    const risky = chosen.filter((draft) => draft.recipient_check?.verdict === 'risky' && !draft.recipient_check.risk_accepted);
    if (risky.length) {
      setConfirming({ ids, risky });
      return false;
    }
    return actions.approve(ids, allGoNow(ids));
  }

  async function approveSelected() {
    if (await approve([...selected])) clear();
  }

  async function approveRisky() {
    if (!confirming) return;
    const approved = await actions.approve(confirming.ids, allGoNow(confirming.ids), true);
    setConfirming(null);
    if (approved) clear();
  }

  const count = data?.count ?? drafts.length;
  const subtitle = data
    ? `${plural(count, 'draft', 'drafts')} ready for review${grouped && groups.length ? ` across ${plural(groups.length, 'website', 'websites')}` : ''}`
    : undefined;

  return (
    <>
      <PageHeader
        title="Email Drafts"
        subtitle={subtitle}
        actions={
          selected.size ? (
            <div className="buttons">
              <button type="button" className={`button ${allNow ? 'is-success' : 'is-info'}`} onClick={() => void approveSelected()} disabled={actions.busy}>
                {allNow ? `Send ${selected.size} Drafts Now` : `Queue ${selected.size} Drafts`}
              </button>
              <button type="button" className="button is-light" onClick={clear}>
                Clear Selection
              </button>
            </div>
          ) : null
        }
      />
      <SenderIdentityNotice />
      <DraftFilters
        search={searchInput}
        onSearch={setSearchInput}
        grouped={grouped}
        onGrouped={setGrouped}
        campaignId={campaignId}
        onCampaignId={setCampaignId}
        minQuality={minQuality}
        onMinQuality={setMinQuality}
        campaigns={campaigns}
      />
      <p className="is-size-7 has-text-grey mb-3 draft-window-note">
        Each approved draft goes at once when its recipient’s sending window is open where they are, otherwise it is queued for that window’s next opening.
      </p>
      {error && !data ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load drafts')}
          <button type="button" className="button is-small ml-3" onClick={() => void mutate()}>
            Retry
          </button>
        </div>
      ) : null}
      {isLoading ? <p className="has-text-grey">Loading drafts...</p> : null}
      {data && !drafts.length ? (
        filtered ? (
          <div className="notification is-light">No drafts match these filters.</div>
        ) : (
          <EmptyState />
        )
      ) : null}
      {grouped ? null : (
        // Grouping off: one flat list in the server's order (best quality first), no group headers.
        drafts.length ? (
          <section className="card draft-flat" aria-label="Drafts">
            {drafts.map((draft) => (
              <DraftRow
                key={draft.id}
                draft={draft}
                selected={selected.has(draft.id)}
                busy={actions.busy}
                onToggle={() => toggle(draft.id)}
                onApprove={() => void approve([draft.id])}
                onPreview={() => setPreviewing(draft)}
                onEdit={() => setEditing(draft)}
                onDelete={() => void actions.remove(draft.id)}
              />
            ))}
          </section>
        ) : null
      )}
      <div className="draft-groups">
        {groups.map((group) => (
          <DraftGroupCard
            key={group.key}
            group={group}
            selected={selected}
            busy={actions.busy}
            onToggle={toggle}
            onSelectGroup={selectGroup}
            onApprove={(draft) => void approve([draft.id])}
            onPreview={setPreviewing}
            onEdit={setEditing}
            onDelete={(draft) => void actions.remove(draft.id)}
          />
        ))}
      </div>
      {editing ? <EditDraftModal draft={editing} onClose={() => setEditing(null)} onSaved={() => void actions.refresh()} /> : null}
      {previewing ? <PreviewDraftModal draft={previewing} onClose={() => setPreviewing(null)} /> : null}
      {confirming ? (
        <RiskyApprovalModal risky={confirming.risky} total={confirming.ids.length} busy={actions.busy} onConfirm={() => void approveRisky()} onClose={() => setConfirming(null)} />
      ) : null}
    </>
  );
}

function EmptyState() {
  return (
    <div className="box has-text-centered py-6 drafts-empty">
      <p className="title is-5">No Drafts to Review</p>
      <p className="has-text-grey mb-4">Create a campaign in Test Mode to generate email drafts for review before they are sent.</p>
      <Link to="/campaigns" className="button is-primary is-light">
        Create Campaign
      </Link>
    </div>
  );
}
