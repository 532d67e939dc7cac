// `--list FILE` of `outreach campaign create` and `outreach run`: the file streams from disk
// into the same import as the dashboard's upload, and what it skipped is printed by line.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Context } from '../app.ts';
import { invalid } from '../core/errors.ts';
import { plural } from '../core/plural.ts';
import type { ImportListQuery, ListPreview } from '../core/model/lead-list.ts';
import type { Campaign } from '../core/model/campaign.ts';
import { TERMINAL_OPERATOR } from '../core/users/access.ts';

export async function importListFile(ctx: Context, file: string, query: Omit<ImportListQuery, 'file_name'>): Promise<{ campaign: Campaign; preview: ListPreview }> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw invalid(`${file}: no such file`);
  return ctx.lists.import(TERMINAL_OPERATOR, createReadStream(file), { ...query, file_name: basename(file).slice(0, 200) });
}

const n = (count: number) => count.toLocaleString('en-US');

/** What the import took and left, one line per skipped row (terminal text: no markup to escape). */
export function importReport(p: ListPreview): string[] {
  const lines = [`${oneLine(p.file_name)}: ${plural(p.accepted, 'new business')} (${n(p.with_email)} with a contact email), ${plural(p.known, 'already a lead', 'already leads')}, ${plural(p.skipped, 'row')} skipped`];
  for (const s of p.skipped_lines) lines.push(`  line ${s.line}: ${oneLine(s.reason)}`);
  if (p.skipped > p.skipped_lines.length) lines.push(`  … and ${n(p.skipped - p.skipped_lines.length)} more skipped rows`);
  for (const k of p.known_lines) lines.push(`  line ${k.line}: ${k.hostname} is already lead ${k.lead_id}: not added again`);
  if (p.known > p.known_lines.length) lines.push(`  … and ${n(p.known - p.known_lines.length)} more rows already leads`);
  for (const note of p.notes) lines.push(`  line ${note.line}: ${oneLine(note.reason)}`);
  return lines;
}

/** A list's text on one line, without control characters that could drive the terminal. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
