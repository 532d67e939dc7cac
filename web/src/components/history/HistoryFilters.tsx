// Filter bar: text search over name and query, status, mode and creation period.
import { SelectField, TextField } from '../FormFields.tsx';
import { CREATED_OPTIONS, EMPTY_FILTER, isFiltered, MODE_OPTIONS, STATUS_OPTIONS, type HistoryFilter } from './filters.ts';

interface HistoryFiltersProps {
  filter: HistoryFilter;
  onChange: (filter: HistoryFilter) => void;
}

export function HistoryFilters({ filter, onChange }: HistoryFiltersProps) {
  const set = <K extends keyof HistoryFilter>(key: K) => (value: HistoryFilter[K]) => onChange({ ...filter, [key]: value });
  return (
    <section className="box history-filters" aria-label="Filters">
      <div className="columns is-mobile is-multiline is-variable is-2 is-align-items-flex-end">
        <div className="column is-12-mobile is-12-tablet is-4-desktop">
          <TextField label="Search" value={filter.search} onChange={set('search')} placeholder="Campaign name or search query" autoComplete="off" />
        </div>
        <div className="column is-6-mobile is-4-tablet is-2-desktop">
          <SelectField label="Status" value={filter.status} onChange={set('status')} options={STATUS_OPTIONS} />
        </div>
        <div className="column is-6-mobile is-4-tablet is-2-desktop">
          <SelectField label="Mode" value={filter.mode} onChange={set('mode')} options={MODE_OPTIONS} />
        </div>
        <div className="column is-8-mobile is-4-tablet is-2-desktop">
          <SelectField label="Created" value={filter.created} onChange={set('created')} options={CREATED_OPTIONS} />
        </div>
        <div className="column is-4-mobile is-12-tablet is-2-desktop">
          <div className="field">
            <button type="button" className="button is-fullwidth" onClick={() => onChange(EMPTY_FILTER)} disabled={!isFiltered(filter)}>
              Clear filters
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
