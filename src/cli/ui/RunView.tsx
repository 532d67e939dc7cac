// The foreground view of `outreach run` (and `campaign start|resume --wait`) on a terminal.
import { Box, Text } from 'ink';
import type { ActivityItem } from '../../core/activity/feed.ts';
import { Counts } from './Counts.tsx';
import { EventList } from './EventList.tsx';
import { Header } from './Header.tsx';
import { stages, type RunSnapshot } from './snapshot.ts';
import { StageRow } from './StageRow.tsx';
import { CurrentSite } from './CurrentSite.tsx';
import { Notice, type NoticeTone } from './Notice.tsx';

export interface RunViewProps {
  snapshot: RunSnapshot;
  /** The latest events, oldest first (the view shows the last `maxEvents`). */
  events: ActivityItem[];
  notice?: { text: string; tone: NoticeTone };
  maxEvents?: number;
}

export function RunView({ snapshot, events, notice, maxEvents = 8 }: RunViewProps) {
  const c = snapshot.campaign;
  const s = stages(snapshot);
  const running = c.status === 'RUNNING';
  return (
    <Box flexDirection="column" paddingX={1}>
      <Header campaign={c} />
      <StageRow label="Search" done={s.search.done ? 1 : 0} total={1} caption={s.search.done ? `done · ${s.search.found} leads` : 'searching…'} active={running && !s.search.done} />
      <StageRow
        label="Analyse"
        done={s.analyse.done}
        total={s.analyse.total}
        caption={`${s.analyse.done}/${s.analyse.total}${s.analyse.failed ? ` · ${s.analyse.analysed} analysed, ${s.analyse.failed} could not be read` : ''}`}
        active={running && c.phase === 'analyze'}
      />
      <StageRow label="Audit" done={s.audit.done} total={s.audit.total} caption={`${s.audit.done}/${s.audit.total} sites measured`} active={running && c.phase === 'audit'} />
      <StageRow label="Drafts" done={s.drafts.done} total={s.drafts.total} active={running && c.phase === 'draft'} />
      <CurrentSite url={running ? c.current_website_url : null} phase={c.phase} />
      <Counts leads={c.total_leads} withEmail={c.leads_with_email} drafts={c.emails_generated} errors={snapshot.errors} />
      <EventList items={events.slice(-maxEvents)} />
      {notice ? <Notice text={notice.text} tone={notice.tone} /> : running ? <Text dimColor>Ctrl-C pauses the campaign.</Text> : null}
    </Box>
  );
}
