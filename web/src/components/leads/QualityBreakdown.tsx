// An email's quality score (0-1) with the parts it was built from.
interface QualityPart {
  name: string;
  weight: number;
  passed: boolean;
  note: string;
}

function partsOf(breakdown: Record<string, unknown> | null): QualityPart[] {
  const parts = breakdown?.parts;
  if (!Array.isArray(parts)) return [];
  return parts.filter((p): p is QualityPart => Boolean(p) && typeof p === 'object' && typeof (p as QualityPart).name === 'string');
}

const partLabel = (name: string) => name.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

export function QualityScore({ score }: { score: number | null }) {
  if (score === null) return null;
  const percent = Math.round(score * 100);
  const kind = score >= 0.8 ? 'is-success' : score >= 0.6 ? 'is-info' : 'is-warning';
  return <span className={`tag ${kind} is-light`}>Quality {percent}%</span>;
}

export function QualityBreakdown({ breakdown }: { breakdown: Record<string, unknown> | null }) {
  const parts = partsOf(breakdown);
  if (!parts.length) return null;
  return (
    <ul className="quality-parts">
      {parts.map((part) => (
        <li key={part.name} className={part.passed ? 'has-text-success-dark' : 'has-text-danger-dark'}>
          <span aria-hidden="true">{part.passed ? '✓' : '✗'}</span> {partLabel(part.name)} ({Math.round(part.weight * 100)}%)
          <span className="has-text-grey"> — {part.note}</span>
        </li>
      ))}
    </ul>
  );
}
