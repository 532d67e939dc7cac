// Outreach (/outreach): the generated emails by delivery state (Queued, Sent, Failed,
// Other), a sticky panel with the selected email in full, Send Now for a queued email,
// and bulk actions (smart schedule per campaign, send, pause, delete). The emails come in
// keyset pages of 50: scrolling a section to its end (or "Load more") loads the next one.
import { useCallback, useMemo, useState } from 'react';
import { errorText } from '../api/client.ts';
import { useCampaigns } from '../api/campaigns.ts';
import { flattenEmailPages, useEmailPages, type EmailItem } from '../api/emails.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { SenderIdentityNotice } from '../components/SenderIdentityNotice.tsx';
import { GuardNotice } from '../components/guards/GuardNotice.tsx';
import { useToast } from '../components/Toasts.tsx';
import { useSelection } from '../components/useSelection.ts';
import { BulkActionsPanel } from '../components/outreach/BulkActionsPanel.tsx';
import { EmailDetail } from '../components/outreach/EmailDetail.tsx';
import { EmailSection } from '../components/outreach/EmailSection.tsx';
import { EmailsFooter } from '../components/outreach/EmailsFooter.tsx';
import { OutreachFilters } from '../components/outreach/OutreachFilters.tsx';
import { SECTIONS, scheduleGroups, sectionEmails } from '../components/outreach/emailFormat.ts';
import { useEmailActions } from '../components/outreach/useEmailActions.ts';
import '../components/outreach/outreach.css';

const NARROW = '(max-width: 900px)';

export function Outreach() {
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [mailboxId, setMailboxId] = useState('');
  const [bulkMode, setBulkMode] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);

  const { data, error, isLoading, isValidating, size, setSize, mutate } = useEmailPages({ status, campaign_id: campaignId, mailbox_id: mailboxId });
  const { data: campaigns } = useCampaigns();
  const actions = useEmailActions();

  const emails = useMemo(() => flattenEmailPages(data), [data]);
  const hasMore = Boolean(data?.[data.length - 1]?.next_cursor);
  const loadingMore = isValidating && data !== undefined && size > data.length;
  const canLoadMore = hasMore && !loadingMore;
  // Idempotent while a page loads: two sections' ends, or an end and the button, may arrive together.
  const loadMore = useCallback(() => void (canLoadMore && setSize(size + 1)), [canLoadMore, setSize, size]);
  const { selected, toggle, clear, replace } = useSelection(useMemo(() => emails.map((email) => email.id), [emails]));
  const sections = useMemo(() => sectionEmails(emails), [emails]);
  const active = emails.find((email) => email.id === activeId) ?? null;
  const groups = useMemo(() => scheduleGroups(emails, selected, campaigns), [emails, selected, campaigns]);

  const switchBulkMode = (on: boolean) => {
    setBulkMode(on);
    if (!on) clear();
  };

  // On a narrow screen the panel sits under the lists: bring it into view.
  const open = (id: number) => {
    setActiveId(id);
    if (window.matchMedia(NARROW).matches) requestAnimationFrame(() => document.querySelector('.email-detail')?.scrollIntoView({ behavior: 'smooth' }));
  };

  const ids = () => [...selected];
  const afterBulk = (ok: boolean) => ok && clear();

  async function schedule() {
    if (!selected.size) return toast.error('Please select emails to schedule');
    afterBulk(await actions.schedule(groups));
  }

  async function removeSelected() {
    if (!selected.size) return;
    if (!window.confirm(`Delete ${selected.size} emails? Sent emails are kept.`)) return;
    afterBulk(await actions.remove(ids()));
  }

  return (
    <>
      <PageHeader title="Outreach" subtitle="Generated emails by delivery state: inspect one, send it now, or schedule several for their best time." />
      <SenderIdentityNotice />
      <GuardNotice />
      <BulkActionsPanel
        hasEmails={emails.length > 0}
        bulkMode={bulkMode}
        onBulkMode={switchBulkMode}
        selectedCount={selected.size}
        listedCount={emails.length}
        moreToLoad={hasMore}
        groups={groups}
        busy={actions.busy}
        onSelectAll={() => replace(emails.map((email) => email.id))}
        onClear={clear}
        onSchedule={() => void schedule()}
        onSend={() => void (selected.size && actions.send(ids()).then(afterBulk))}
        onPause={() => void (selected.size && actions.pause(ids()).then(afterBulk))}
        onDelete={() => void removeSelected()}
      />
      <OutreachFilters status={status} onStatus={setStatus} campaignId={campaignId} onCampaignId={setCampaignId} campaigns={campaigns} mailboxId={mailboxId} onMailboxId={setMailboxId} />
      {error && !data ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load emails')}
          <button type="button" className="button is-small ml-3" onClick={() => void mutate()}>
            Retry
          </button>
        </div>
      ) : null}
      <div className="columns outreach-columns">
        <div className="column is-7">
          {isLoading ? <p className="has-text-grey">Loading emails...</p> : null}
          {data && !emails.length ? (
            <div className="box has-text-centered py-6 outreach-empty">
              <p className="title is-5">No emails yet</p>
              <p className="has-text-grey">Generate emails by analyzing leads</p>
            </div>
          ) : null}
          {emails.length
            ? SECTIONS.map((section) => (
                <EmailSection
                  key={section.key}
                  title={section.title}
                  emails={sections[section.key]}
                  activeId={activeId}
                  bulkMode={bulkMode}
                  selected={selected}
                  onOpen={(email: EmailItem) => open(email.id)}
                  onToggle={toggle}
                  canLoadMore={canLoadMore}
                  onLoadMore={loadMore}
                />
              ))
            : null}
          {emails.length ? <EmailsFooter loaded={emails.length} hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} /> : null}
        </div>
        <div className="column is-5">
          <EmailDetail
            email={active}
            campaign={campaigns?.find((campaign) => campaign.id === active?.campaign_id)}
            sending={actions.sendingId !== null && actions.sendingId === active?.id}
            onSendNow={(email) => void actions.sendNow(email)}
          />
        </div>
      </div>
    </>
  );
}
