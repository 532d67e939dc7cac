// The subject A/B test in `outreach campaign show`: each variant's figures and the verdicts.
import type { AbTestResults } from '../../core/model/ab-test.ts';
import { SUBJECT_STYLE_LABELS } from '../../core/model/subject-styles.ts';

const rate = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);

export function abTestLines(ab: AbTestResults): [string, string][] {
  const lines: [string, string][] = [['Subject test', `${ab.variants.length} variants, first emails; opens are human opens only (machine opens apart)`]];
  for (const v of ab.variants) {
    lines.push([
      `  ${v.variant}`,
      `${SUBJECT_STYLE_LABELS[v.style].padEnd(12)} sent ${v.sent}, opened ${v.opened} (${rate(v.open_rate)}), replied ${v.replied} (${rate(v.reply_rate)}), machine opens ${v.machine_opens}`,
    ]);
  }
  lines.push(['  Opens', ab.opens.label], ['  Replies', ab.replies.label]);
  return lines;
}
