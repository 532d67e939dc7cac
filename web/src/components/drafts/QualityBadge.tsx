// A draft's quality score as a percentage tag: green 80%+, yellow 60%+, else red.
import { qualityColour, qualityPercent } from './draftFormat.ts';

export function QualityBadge({ score, label = 'Quality' }: { score: number | null | undefined; label?: string }) {
  return (
    <span className={`tag is-light quality-badge ${qualityColour(score)}`} title={`${label}: ${qualityPercent(score)}`}>
      {qualityPercent(score)}
    </span>
  );
}
