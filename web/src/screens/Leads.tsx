// Leads (/leads): Sales Cards or Table View over the keyset-paged list, with filters,
// sort, 'Load more', a selection bar (bulk delete, export of exactly the selection) and
// the lead-details modal.
import { useEffect, useMemo, useState } from 'react';
import defaults from '../../../config/default.json';
import { errorText } from '../api/client.ts';
import { deleteLeads, deleteLeadsWithoutContact, exportLeads, useLeadPages, type Lead, type LeadSort } from '../api/leads.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useToast } from '../components/Toasts.tsx';
import { AddLeadModal } from '../components/leads/AddLeadModal.tsx';
import { ImportListModal } from '../components/leads/ImportListModal.tsx';
import { LeadCard } from '../components/leads/LeadCard.tsx';
import { LeadDetailsModal } from '../components/leads/LeadDetailsModal.tsx';
import { LeadFilters } from '../components/leads/LeadFilters.tsx';
import { LeadTable } from '../components/leads/LeadTable.tsx';
import { PitchPreviewModal } from '../components/leads/PitchPreviewModal.tsx';
import { SelectionBar } from '../components/leads/SelectionBar.tsx';
import { useDebounced } from '../components/leads/useDebounced.ts';
import '../components/leads/leads.css';

type View = 'cards' | 'table';
const NOTHING_SELECTED = 'Please select leads to delete/export';

export function Leads() {
  const toast = useToast();
  const [view, setView] = useState<View>('cards');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, defaults.ui.search_debounce_ms);
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<LeadSort>('discovered_at');
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [opened, setOpened] = useState<Lead | null>(null);
  const [previewing, setPreviewing] = useState<Lead | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<'import' | 'lead' | null>(null);

  const { data: pages, error, isLoading, isValidating, size, setSize, mutate } = useLeadPages({ search, status, business_category: category, sort });
  const leads = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  // Past LIST_TOTAL_CAP the server stops counting: the total is then "at least".
  const total = pages?.[0] && { count: pages[0].total, exact: pages[0].total_exact };
  const hasMore = Boolean(pages?.[pages.length - 1]?.next_cursor);
  const loadingMore = isValidating && pages !== undefined && size > pages.length;

  // A new filter shows a new list: a selection of leads no longer shown would act unseen.
  useEffect(() => setSelected(new Set()), [search, status, category]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectLoaded = (checked: boolean) => setSelected(checked ? new Set(leads.map((lead) => lead.id)) : new Set());

  async function removeSelected() {
    if (!selected.size) return toast.error(NOTHING_SELECTED);
    if (!window.confirm(`Are you sure you want to delete ${selected.size} leads? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await deleteLeads([...selected]);
      toast.success('Selected leads deleted successfully');
      setSelected(new Set());
    } catch {
      toast.error('Failed to delete leads');
    } finally {
      setBusy(false);
      await mutate();
    }
  }

  async function exportSelected() {
    if (!selected.size) return toast.error(NOTHING_SELECTED);
    setBusy(true);
    try {
      await exportLeads([...selected]);
      toast.success(`Exported ${selected.size} leads`);
    } catch {
      toast.error('Failed to export leads');
    } finally {
      setBusy(false);
    }
  }

  async function removeWithoutContact() {
    if (!window.confirm('Delete every analysed lead that has no contact email? This cannot be undone.')) return;
    setBusy(true);
    try {
      const { deleted_count } = await deleteLeadsWithoutContact();
      toast.success(`Deleted ${deleted_count} leads without a contact email`);
      setSelected(new Set());
    } catch (err) {
      toast.error(errorText(err, 'Failed to delete leads'));
    } finally {
      setBusy(false);
      await mutate();
    }
  }

  return (
    <>
      <PageHeader
        title="Leads"
        subtitle="Businesses found by your campaigns, with what to pitch them."
        actions={
          <div className="buttons">
          <button type="button" className="button is-primary" onClick={() => setAdding('import')}>
            Import list
          </button>
          <button type="button" className="button is-primary is-light" onClick={() => setAdding('lead')}>
            Add lead
          </button>
          <button type="button" className="button is-danger is-light" onClick={() => void removeWithoutContact()} disabled={busy}>
            Remove leads without contact
          </button>
          <div className="buttons has-addons mb-0" role="group" aria-label="View">
            {(['cards', 'table'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={`button ${view === option ? 'is-primary' : ''}`}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {option === 'cards' ? 'Sales Cards' : 'Table View'}
              </button>
            ))}
          </div>
          </div>
        }
      />
      <LeadFilters
        search={searchInput}
        onSearch={setSearchInput}
        status={status}
        onStatus={setStatus}
        category={category}
        onCategory={setCategory}
        sort={sort}
        onSort={setSort}
      />
      <SelectionBar
        total={total}
        loaded={leads.length}
        selected={selected.size}
        busy={busy}
        onSelectAll={() => selectLoaded(true)}
        onClear={() => setSelected(new Set())}
        onDelete={() => void removeSelected()}
        onExport={() => void exportSelected()}
      />
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load leads')}
          <button type="button" className="button is-small ml-3" onClick={() => void mutate()}>
            Retry
          </button>
        </div>
      ) : null}
      {isLoading ? <p className="has-text-grey">Loading leads...</p> : null}
      {pages && !leads.length ? (
        <div className="notification is-light">
          {search || status || category ? 'No leads match these filters.' : 'No leads yet. Create a campaign to get started!'}
        </div>
      ) : null}
      {leads.length ? (
        view === 'cards' ? (
          <div className="lead-cards">
            {leads.map((lead) => (
              <LeadCard key={lead.id} lead={lead} selected={selected.has(lead.id)} onToggle={() => toggle(lead.id)} onOpen={() => setOpened(lead)} onPreview={() => setPreviewing(lead)} />
            ))}
          </div>
        ) : (
          <LeadTable leads={leads} selected={selected} onToggle={toggle} onToggleAll={selectLoaded} onOpen={setOpened} />
        )
      ) : null}
      {hasMore ? (
        <div className="has-text-centered my-4">
          <button type="button" className={`button ${loadingMore ? 'is-loading' : ''}`} onClick={() => void setSize(size + 1)} disabled={loadingMore}>
            Load more
          </button>
        </div>
      ) : null}
      {opened ? (
        <LeadDetailsModal
          lead={opened}
          onClose={() => setOpened(null)}
          onPreview={() => {
            setOpened(null);
            setPreviewing(opened);
          }}
        />
      ) : null}
      {previewing ? <PitchPreviewModal lead={previewing} onClose={() => setPreviewing(null)} /> : null}
      {adding === 'import' ? (
        <ImportListModal
          onClose={() => setAdding(null)}
          onImported={(campaign, preview) => {
            setAdding(null);
            const what = `${preview.accepted.toLocaleString('en-US')} businesses`;
            toast.success(campaign.status === 'RUNNING' ? `Imported ${what}: campaign "${campaign.name}" started` : `Imported ${what} into campaign "${campaign.name}" (start it from Campaigns)`);
            void mutate();
          }}
        />
      ) : null}
      {adding === 'lead' ? (
        <AddLeadModal
          onClose={() => setAdding(null)}
          onAdded={(hostname) => {
            setAdding(null);
            toast.success(`Added ${hostname}: analysing it now`);
            void mutate();
          }}
        />
      ) : null}
    </>
  );
}
