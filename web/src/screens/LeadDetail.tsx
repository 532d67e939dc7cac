// Lead detail (/leads/{id}): the lead's fields, its analysis (requested only once the lead
// is past NEW) — the findings and every fact with its evidence, the first crawl log entries —
// its site audit (screenshots, metrics in their public bands, the PageSpeed Insights link) —
// its deal (stage, value, owner, notes), its emails and interactions, and a manual status change.
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorText } from '../api/client.ts';
import { updateLeadStatus, useLead, useLeadAnalysis, useLeadEmails, useLeadInteractions, useLeadSequence, type Lead, type LeadStatus } from '../api/leads.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useToast } from '../components/Toasts.tsx';
import { CategoryBadge, PriorityBadge, StatusBadge, UrgencyBadge } from '../components/leads/LeadBadges.tsx';
import { FindingsPanel, SiteStateNotice } from '../components/leads/FindingsPanel.tsx';
import { LeadAnalysisPanel, type AnalysisState } from '../components/leads/LeadAnalysisPanel.tsx';
import { LeadInfoPanel } from '../components/leads/LeadInfoPanel.tsx';
import { EmailsPanel, InteractionsPanel } from '../components/leads/LeadMessagesPanels.tsx';
import { LEAD_STATUS_OPTIONS, leadName, statusLabel } from '../components/leads/leadFormat.ts';
import { SequencePanel } from '../components/leads/SequencePanel.tsx';
import { DealPanel } from '../components/leads/DealPanel.tsx';
import { AuditPanel } from '../components/leads/AuditPanel.tsx';
import '../components/leads/leads.css';

const NOT_FOUND = 'Lead not found';
const LOAD_FAILED = 'Failed to load lead details. Please try again.';

function BackLink() {
  return (
    <p className="mb-3">
      <Link to="/leads">← Back to Leads</Link>
    </p>
  );
}

export function LeadDetail() {
  const { id: param } = useParams();
  const id = param !== undefined && /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : null;
  const { data: lead, error, mutate } = useLead(id);

  let problem: string | null = null;
  if (id === null || (error instanceof ApiError && error.status === 404)) problem = NOT_FOUND;
  else if (error) problem = LOAD_FAILED;
  if (problem) {
    return (
      <>
        <BackLink />
        <PageHeader title="Lead" />
        <div className="notification is-danger is-light" role="alert">
          {problem}
        </div>
      </>
    );
  }
  if (!lead) {
    return (
      <>
        <BackLink />
        <p className="has-text-grey">Loading lead...</p>
      </>
    );
  }
  return <LeadPage lead={lead} onChanged={(next) => void mutate({ ...next, contact_email_check: lead.contact_email_check }, { revalidate: false })} />;
}

function LeadPage({ lead, onChanged }: { lead: Lead; onChanged: (lead: Lead) => void }) {
  const requested = lead.status !== 'NEW';
  const analysis = useLeadAnalysis(requested ? lead.id : null);
  const analysisState: AnalysisState = { analysis: analysis.data, error: analysis.error, isLoading: analysis.isLoading, requested };
  const { data: emails } = useLeadEmails(lead.id);
  const { data: interactions, mutate: reloadInteractions } = useLeadInteractions(lead.id);
  const { data: sequence, mutate: reloadSequence } = useLeadSequence(lead.id);
  return (
    <>
      <BackLink />
      <PageHeader title={leadName(lead)} subtitle={lead.url} actions={<StatusControl lead={lead} onChanged={(next) => { onChanged(next); void reloadInteractions(); void reloadSequence(); }} />} />
      <div className="tags mb-4">
        <StatusBadge status={lead.status} />
        <PriorityBadge lead={lead} />
        <UrgencyBadge level={lead.sales_intelligence?.urgency_level} />
        <CategoryBadge category={lead.business_category} />
      </div>
      <SiteStateNotice analysis={analysis.data} />
      <div className="columns is-desktop">
        <div className="column is-half-desktop">
          <LeadInfoPanel lead={lead} />
        </div>
        <div className="column is-half-desktop">
          <FindingsPanel {...analysisState} />
        </div>
      </div>
      <AuditPanel leadId={lead.id} />
      <DealPanel lead={lead} onChanged={(next) => { onChanged(next); void reloadInteractions(); }} />
      <LeadAnalysisPanel {...analysisState} lead={lead} />
      {sequence ? <SequencePanel state={sequence} /> : null}
      <EmailsPanel emails={emails} />
      <InteractionsPanel interactions={interactions} />
    </>
  );
}

function StatusControl({ lead, onChanged }: { lead: Lead; onChanged: (lead: Lead) => void }) {
  const toast = useToast();
  const id = useId();
  const [saving, setSaving] = useState(false);

  async function change(status: LeadStatus) {
    if (status === lead.status) return;
    setSaving(true);
    try {
      onChanged(await updateLeadStatus(lead.id, status));
      toast.success(`Lead status updated to ${statusLabel(status)}`);
    } catch (err) {
      toast.error(errorText(err, 'Failed to update lead status'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="field lead-status-control">
      <label className="label is-small" htmlFor={id}>
        Change status
      </label>
      <div className={`select ${saving ? 'is-loading' : ''}`}>
        <select id={id} value={lead.status} disabled={saving} onChange={(event) => void change(event.target.value as LeadStatus)}>
          {LEAD_STATUS_OPTIONS.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
