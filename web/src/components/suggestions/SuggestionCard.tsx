// One suggestion with every field: priority, expected figures, rationale, pain point and
// the signals with their sources. All text is rendered as text (it may come from an AI).
import type { CampaignSuggestion } from '../../api/suggestions.ts';

const PRIORITY_CLASS = { high: 'is-danger', medium: 'is-warning', low: 'is-info' } as const;

interface SuggestionCardProps {
  suggestion: CampaignSuggestion;
  saved: boolean;
  copied: boolean;
  onStart: () => void;
  onSave: () => void;
  onCopy: () => void;
}

const Figure = ({ label, value }: { label: string; value: string }) => (
  <div className="column is-6-mobile is-3-tablet">
    <p className="heading mb-0">{label}</p>
    <p className="has-text-weight-semibold">{value}</p>
  </div>
);

const Keywords = ({ label, words }: { label: string; words: string[] }) =>
  words.length ? (
    <p className="is-size-7 mb-1">
      <span className="has-text-grey">{label}: </span>
      {words.join(', ')}
    </p>
  ) : null;

export function SuggestionCard({ suggestion: s, saved, copied, onStart, onSave, onCopy }: SuggestionCardProps) {
  const sig = s.signals;
  return (
    <article className="card suggestion-card" aria-label={s.name}>
      <header className="card-header">
        <p className="card-header-title">
          <span className="mr-2">{s.name}</span>
          <span className={`tag is-light ${PRIORITY_CLASS[s.priority]}`}>{s.priority} priority</span>
        </p>
      </header>
      <div className="card-content">
        <p className="is-size-7 has-text-grey mb-2">
          <span className="mr-3">Industry: {s.industry}</span>
          <span className="mr-3">Location: {s.location}</span>
          <span>
            Query: <code>{s.query}</code>
          </span>
        </p>
        <div className="columns is-multiline is-mobile mb-0">
          <Figure label="Expected leads" value={String(s.expected_leads)} />
          <Figure label="Reply rate (est.)" value={`${s.expected_reply_rate}%`} />
          <Figure label="Conversion (est.)" value={`${s.expected_conversion_rate}%`} />
          <Figure label="Project value (est.)" value={s.estimated_project_value} />
        </div>
        <p className="mb-2">{s.rationale}</p>
        <p className="mb-3">
          <strong>Target pain point:</strong> {s.target_pain_point}
        </p>
        <div className="suggestion-signals">
          <p className="heading mb-1">Signals</p>
          <p className="is-size-7 mb-1">
            Opportunity score <strong>{Math.round(sig.opportunity_score * 100)}%</strong> · Listings{' '}
            <strong>{sig.search_volume ?? 'unknown'}</strong> · Keywords analysed <strong>{sig.keywords_analyzed}</strong> · Coverage by your campaigns{' '}
            <strong>
              {Math.round(sig.competition * 100)}% ({sig.competition_level})
            </strong>
          </p>
          <p className="is-size-7 mb-1">
            <span className="has-text-grey">Recommended approach: </span>
            {sig.recommended_approach}
          </p>
          <Keywords label="Related keywords" words={sig.related_keywords} />
          <Keywords label="Your other searches here" words={sig.competing_keywords} />
          <div className="tags mt-2">
            {sig.sources.map((source) => (
              <span key={source} className="tag is-light">
                Source: {source}
              </span>
            ))}
          </div>
        </div>
      </div>
      <footer className="card-footer">
        <button type="button" className="card-footer-item button is-white has-text-primary has-text-weight-semibold" onClick={onStart}>
          Create Campaign
        </button>
        <button type="button" className="card-footer-item button is-white" onClick={onSave} disabled={saved}>
          {saved ? 'Saved' : 'Save for later'}
        </button>
        <button type="button" className="card-footer-item button is-white" onClick={onCopy}>
          {copied ? 'Copied!' : 'Copy query'}
        </button>
      </footer>
    </article>
  );
}
