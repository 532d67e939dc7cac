// The operator's own lead lists: preview a file (rows accepted, rows skipped with the reason,
// hostnames that are leads already), import it as a campaign whose search stage reads the list
// (no search quota), and "Add lead" by URL (a one-row list, started at once).
//
// The file streams through in batches: rows are checked against the database 500 at a time
// and, on import, written to the list as they come. The list counts only once a campaign
// points at it, so a file that turns out to be broken half-way leaves nothing behind.
import { conflict, invalid } from '../errors.ts';
import { plural } from '../plural.ts';
import type { Campaign } from '../model/campaign.ts';
import type { AddLeadInput, ImportListQuery, ListPreview } from '../model/lead-list.ts';
import type { CampaignService } from '../campaigns/service.ts';
import type { Actor } from '../users/access.ts';
import { checkRow, readLeadList, type ListRow, type TargetCheck } from './list-file.ts';

export interface LeadListRepo {
  /** Which of these hostnames are leads already: hostname → lead id. */
  knownHosts(hostnames: string[]): Promise<Map<string, number>>;
  createList(fileName: string, createdBy: number | null): Promise<number>;
  addEntries(listId: number, rows: ListRow[]): Promise<void>;
  deleteList(listId: number): Promise<void>;
  /** Lists no campaign points at, made before `before`: imports that died half-way. */
  deleteAbandoned(before: Date): Promise<number>;
  /** The list's rows after `afterLine`, in file order. */
  entries(listId: number, afterLine: number, limit: number): Promise<ListRow[]>;
}

/** Rows checked against the database (and written, in one transaction) at a time. */
export const LIST_BATCH = 2000;
/** How many of each kind of line a preview names (the counts are always whole). */
export const PREVIEW_LINES = 500;
const SAMPLE_ROWS = 20;
/** An import this old that no campaign points at has died: its rows are removed. */
const ABANDONED_MS = 60 * 60 * 1000;

export interface ListImportDeps {
  repo: LeadListRepo;
  campaigns: CampaignService;
  /** The crawler's address rules (which loopback ports the sandbox may use), read per import. */
  targetCheck(): Promise<TargetCheck>;
  now?: () => Date;
}

export type ListSource = AsyncIterable<Uint8Array | string>;

export class ListImportService {
  constructor(private readonly deps: ListImportDeps) {}

  /** What importing the file would do; writes nothing. */
  async preview(source: ListSource, fileName = 'list'): Promise<ListPreview> {
    return this.read(source, fileName);
  }

  /** Imports the file as a new campaign (started when asked); refuses a file with nothing to import. */
  async import(actor: Actor, source: ListSource, query: ImportListQuery): Promise<{ campaign: Campaign; preview: ListPreview }> {
    const fileName = query.file_name ?? 'list';
    const { repo } = this.deps;
    await repo.deleteAbandoned(new Date(this.now().getTime() - ABANDONED_MS));
    const listId = await repo.createList(fileName, actor.id);
    let preview: ListPreview;
    let campaign: Campaign;
    try {
      preview = await this.read(source, fileName, (rows) => repo.addEntries(listId, rows));
      if (preview.accepted === 0) throw invalid(nothingToImport(preview));
      campaign = await this.deps.campaigns.createForList(actor, {
        name: query.name ?? `List: ${fileName}`.slice(0, 200),
        searchQuery: `Imported list ${fileName} (${plural(preview.accepted, 'business')})`.slice(0, 300),
        mode: query.mode,
        maxEmails: query.max_emails ?? null,
        leadListId: listId,
      });
    } catch (error) {
      await repo.deleteList(listId);
      throw error;
    }
    if (query.start) campaign = await this.deps.campaigns.start(campaign.id);
    return { campaign, preview };
  }

  /** One lead by URL: a one-row list campaign, started at once, so it is analysed like any other. */
  async addLead(actor: Actor, input: AddLeadInput): Promise<{ campaign: Campaign; hostname: string }> {
    const item = checkRow(1, { url: input.url, name: input.name, email: input.email, phone: input.phone, city: input.city }, { target: await this.deps.targetCheck() });
    if (item.kind === 'skip') throw invalid(item.reason);
    if (item.note) throw invalid(item.note.replace(/: the row is kept without it$/, ''));
    const { row } = item;
    const known = (await this.deps.repo.knownHosts([row.hostname])).get(row.hostname);
    if (known !== undefined) throw conflict(`${row.hostname} is already a lead (#${known})`);
    const listId = await this.deps.repo.createList(row.hostname, actor.id);
    let campaign: Campaign;
    try {
      await this.deps.repo.addEntries(listId, [row]);
      campaign = await this.deps.campaigns.createForList(actor, {
        name: `Lead: ${row.name ?? row.hostname}`.slice(0, 200),
        searchQuery: `Added by hand: ${row.hostname}`,
        mode: input.mode,
        maxEmails: null,
        leadListId: listId,
      });
    } catch (error) {
      await this.deps.repo.deleteList(listId);
      throw error;
    }
    return { campaign: await this.deps.campaigns.start(campaign.id), hostname: row.hostname };
  }

  private async read(source: ListSource, fileName: string, write?: (rows: ListRow[]) => Promise<void>): Promise<ListPreview> {
    const preview: ListPreview = { file_name: fileName, format: 'lines', rows_read: 0, accepted: 0, known: 0, skipped: 0, with_email: 0, sample: [], skipped_lines: [], known_lines: [], notes: [] };
    const target = await this.deps.targetCheck();
    let batch: ListRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const known = await this.deps.repo.knownHosts(batch.map((r) => r.hostname));
      const fresh: ListRow[] = [];
      for (const row of batch) {
        const leadId = known.get(row.hostname);
        if (leadId !== undefined) {
          preview.known++;
          if (preview.known_lines.length < PREVIEW_LINES) preview.known_lines.push({ line: row.line, hostname: row.hostname, lead_id: leadId });
          continue;
        }
        fresh.push(row);
        preview.accepted++;
        if (row.email) preview.with_email++;
        if (preview.sample.length < SAMPLE_ROWS) {
          preview.sample.push({ line: row.line, url: row.url, hostname: row.hostname, name: row.name ?? null, email: row.email ?? null, phone: row.phone ?? null, city: row.city ?? null });
        }
      }
      batch = [];
      if (write && fresh.length) await write(fresh);
    };
    const reader = readLeadList(source, { target, onFormat: (format) => (preview.format = format) });
    for await (const item of reader) {
      preview.rows_read++;
      if (item.kind === 'skip') {
        preview.skipped++;
        if (preview.skipped_lines.length < PREVIEW_LINES) preview.skipped_lines.push({ line: item.line, reason: item.reason });
        continue;
      }
      if (item.note && preview.notes.length < PREVIEW_LINES) preview.notes.push({ line: item.row.line, reason: item.note });
      batch.push(item.row);
      if (batch.length >= LIST_BATCH) await flush();
    }
    await flush();
    return preview;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}

/** Why a file gives no lead, naming the first line that explains it. */
function nothingToImport(p: ListPreview): string {
  if (p.rows_read === 0) return 'the file has no rows: put one web address per line, or a CSV with a url or website column';
  if (p.accepted === 0 && p.known > 0 && p.skipped === 0) return `every web address in the file is a lead already (${plural(p.known, 'row')}, e.g. ${p.known_lines[0].hostname} on line ${p.known_lines[0].line})`;
  const first = p.skipped_lines[0];
  const skipped = `line ${first.line}: ${first.reason}`;
  if (p.known === 0) return `no row can be imported: ${skipped}${p.skipped > 1 ? ` (and ${plural(p.skipped - 1, 'more row')})` : ''}`;
  const known = p.known_lines[0];
  return `no row can be imported: ${plural(p.known, 'row')} ${p.known === 1 ? 'is a lead' : 'are leads'} already (e.g. ${known.hostname} on line ${known.line}); ${plural(p.skipped, 'row')} skipped (${skipped}${p.skipped > 1 ? ', …' : ''})`;
}
