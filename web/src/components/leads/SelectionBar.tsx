// The bar above the list: how many leads match, how many are selected, Delete and Export.
import { formatCount } from '../../format.ts';

interface SelectionBarProps {
  /** Matching leads; not exact when the server stopped counting (then it is a lower bound). */
  total: { count: number; exact: boolean } | undefined;
  loaded: number;
  selected: number;
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onExport: () => void;
}

export function SelectionBar({ total, loaded, selected, busy, onSelectAll, onClear, onDelete, onExport }: SelectionBarProps) {
  return (
    <div className={`selection-bar ${selected ? 'has-selection' : ''}`} role="toolbar" aria-label="Selection">
      <div className="selection-count">
        <strong>{selected ? `${formatCount(selected)} selected` : 'No leads selected'}</strong>
        <span className="has-text-grey">
          {total === undefined ? '' : ` · showing ${formatCount(loaded)} of ${formatCount(total.count)}${total.exact ? '' : '+'} leads`}
        </span>
      </div>
      <div className="buttons">
        <button type="button" className="button is-small is-light" onClick={onSelectAll} disabled={!loaded}>
          Select all loaded
        </button>
        {selected ? (
          <button type="button" className="button is-small is-light" onClick={onClear}>
            Clear
          </button>
        ) : null}
        <button type="button" className="button is-small is-info is-light" onClick={onExport} disabled={busy}>
          Export
        </button>
        <button type="button" className="button is-small is-danger is-light" onClick={onDelete} disabled={busy}>
          Delete
        </button>
      </div>
    </div>
  );
}
