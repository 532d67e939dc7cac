// The filter row of the Leads screen: search text, status, category and sort.
import { useId, type ReactNode } from 'react';
import type { LeadSort } from '../../api/leads.ts';
import { CATEGORY_OPTIONS, LEAD_STATUS_OPTIONS, SORT_OPTIONS, statusLabel } from './leadFormat.ts';

interface LeadFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  status: string;
  onStatus: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
  sort: LeadSort;
  onSort: (value: LeadSort) => void;
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="label is-small" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <div className="select is-fullwidth">
          <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
            {children}
          </select>
        </div>
      </div>
    </div>
  );
}

export function LeadFilters(props: LeadFiltersProps) {
  const searchId = useId();
  return (
    <div className="box lead-filters">
      <div className="field">
        <label className="label is-small" htmlFor={searchId}>
          Search
        </label>
        <div className="control">
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Company, website, email..."
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
          />
        </div>
      </div>
      <Select label="Status" value={props.status} onChange={props.onStatus}>
        <option value="">All statuses</option>
        {LEAD_STATUS_OPTIONS.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </Select>
      <Select label="Category" value={props.category} onChange={props.onCategory}>
        <option value="">All categories</option>
        {CATEGORY_OPTIONS.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </Select>
      <Select label="Sort by" value={props.sort} onChange={(value) => props.onSort(value as LeadSort)}>
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
