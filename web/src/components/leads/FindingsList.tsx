// What the analysis found wrong with a site, each claim with its evidence, the measured value
// it rests on, the page that shows it and how sure the analyser is. Used on the lead page and,
// for the findings a draft states, on the Drafts screen ("Why this is true").
import { ConfidenceTag, PageLink } from './EvidenceParts.tsx';
import type { Finding } from './evidence.ts';
import './evidence.css';

export function FindingItem({ finding }: { finding: Finding }) {
  return (
    <li className="finding" data-finding-id={finding.id}>
      <div className="finding-head">
        <span className="finding-claim">{finding.claim}</span>
        {finding.value !== null ? (
          <span className="tag is-white finding-value" title="The measured value the claim rests on">
            measured: {finding.value}
          </span>
        ) : null}
      </div>
      <p className="finding-evidence">
        <span className="evidence-detail">{finding.evidence}</span>
        <span className="evidence-meta">
          <PageLink url={finding.url} />
          <ConfidenceTag confidence={finding.confidence} />
        </span>
      </p>
    </li>
  );
}

export function FindingsList({ findings }: { findings: Finding[] }) {
  return (
    <ul className="finding-list">
      {findings.map((finding, index) => (
        <FindingItem key={`${finding.id}-${index}`} finding={finding} />
      ))}
    </ul>
  );
}
