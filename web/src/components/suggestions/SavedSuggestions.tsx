// Suggestions saved in this browser: start, copy or remove one, or clear them all.
import type { SavedSuggestion } from './useSavedSuggestions.ts';
import { suggestionId } from './useSavedSuggestions.ts';

interface SavedProps {
  saved: SavedSuggestion[];
  copied: string | null;
  onStart: (s: SavedSuggestion) => void;
  onCopy: (s: SavedSuggestion) => void;
  onRemove: (s: SavedSuggestion) => void;
  onClear: () => void;
}

export function SavedSuggestions({ saved, copied, onStart, onCopy, onRemove, onClear }: SavedProps) {
  return (
    <div className="box" aria-label="Saved suggestions">
      <div className="is-flex is-justify-content-space-between is-align-items-center mb-2">
        <p className="heading mb-0">Saved suggestions ({saved.length})</p>
        {saved.length ? (
          <button type="button" className="button is-small is-text" onClick={onClear}>
            Clear all
          </button>
        ) : null}
      </div>
      {saved.length === 0 ? <p className="is-size-7 has-text-grey">Nothing saved yet. Save a suggestion to come back to it later.</p> : null}
      {saved.map((s) => (
        <div key={suggestionId(s)} className="saved-suggestion" data-testid="saved-suggestion">
          <p className="has-text-weight-semibold mb-0">{s.name}</p>
          <p className="is-size-7 has-text-grey mb-1">
            {s.location} · saved {new Date(s.savedAt).toLocaleString()}
          </p>
          <div className="buttons are-small mb-0">
            <button type="button" className="button is-primary is-light" onClick={() => onStart(s)}>
              Create
            </button>
            <button type="button" className="button" onClick={() => onCopy(s)}>
              {copied === `saved:${suggestionId(s)}` ? 'Copied!' : 'Copy'}
            </button>
            <button type="button" className="button is-danger is-light" onClick={() => onRemove(s)}>
              Remove
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
