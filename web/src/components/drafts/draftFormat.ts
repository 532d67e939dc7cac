// Pure helpers of the Drafts screen: quality bands, the message preview, the business a
// draft is for, grouping by website, word counts and whether approving sends at once.
import defaults from '../../../../config/default.json';
import type { Draft } from '../../api/drafts.ts';

const { quality_good_min: GOOD, quality_excellent_min: EXCELLENT, draft_preview_chars: PREVIEW_CHARS } = defaults.ui;
export { GOOD as QUALITY_GOOD, EXCELLENT as QUALITY_EXCELLENT };

/** Bulma colour of a quality score: 0.8+ green, 0.6+ yellow, else red. */
export function qualityColour(score: number | null | undefined): 'is-success' | 'is-warning' | 'is-danger' {
  const value = score ?? 0;
  if (value >= EXCELLENT) return 'is-success';
  if (value >= GOOD) return 'is-warning';
  return 'is-danger';
}

export function qualityPercent(score: number | null | undefined): string {
  return `${Math.round((score ?? 0) * 100)}%`;
}

export function isLowQuality(score: number | null | undefined): boolean {
  return (score ?? 0) < GOOD;
}

/** The first 200 characters, with '...' when there was more. */
export function preview(body: string): string {
  return body.length > PREVIEW_CHARS ? `${body.slice(0, PREVIEW_CHARS)}...` : body;
}

/** The business a draft is for: its own name (decided by the analysis), else its hostname. */
export function businessName(draft: Pick<Draft, 'lead_company_name' | 'lead_hostname'>): string {
  return draft.lead_company_name?.trim() || draft.lead_hostname;
}

export function wordCount(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

export interface DraftGroup {
  key: string;
  /** The business's name (the first its drafts carry), else the hostname. */
  name: string;
  hostname: string;
  url: string;
  drafts: Draft[];
  averageQuality: number;
}

const byQuality = (a: { q: number }, b: { q: number }) => b.q - a.q;

/**
 * Drafts by website: groups by average quality, best first; drafts inside a group by
 * quality, best first. (With grouping off the screen lists the drafts flat, as the server
 * ordered them.)
 */
export function groupDrafts(drafts: Draft[]): DraftGroup[] {
  const groups = new Map<string, Draft[]>();
  for (const draft of drafts) {
    const key = draft.lead_hostname || draft.lead_url;
    const list = groups.get(key);
    if (list) list.push(draft);
    else groups.set(key, [draft]);
  }
  return [...groups.entries()]
    .map(([key, list]) => {
      const sorted = list
        .map((draft) => ({ draft, q: draft.quality_score ?? 0 }))
        .sort(byQuality)
        .map(({ draft }) => draft);
      const averageQuality = list.reduce((sum, draft) => sum + (draft.quality_score ?? 0), 0) / list.length;
      return { key, name: businessName(sorted.find((draft) => draft.lead_company_name?.trim()) ?? sorted[0]), hostname: sorted[0].lead_hostname, url: sorted[0].lead_url, drafts: sorted, averageQuality, q: averageQuality };
    })
    .sort(byQuality)
    .map(({ q: _q, ...group }) => group);
}

/**
 * Whether approving the draft now sends it at once: the server said when it would go
 * (send_at: now inside its recipient's sending window, on the recipient's clock).
 */
export function goesNow(draft: Pick<Draft, 'send_at'>, now: number = Date.now()): boolean {
  return Date.parse(draft.send_at) <= now;
}

/** Why the draft cannot be approved as it is (no recipient, or one that cannot receive mail), or null. */
export function undeliverableReason(draft: Pick<Draft, 'recipient_email' | 'recipient_check'>): string | null {
  if (!draft.recipient_email.trim()) return 'This draft has no recipient: add one first';
  if (draft.recipient_check?.verdict === 'invalid') return 'This address cannot receive mail: change the recipient first';
  return null;
}
