// Bulk actions over the listed emails: a bulk-mode switch that shows the checkboxes, and
// Schedule Automatically / Send Now / Pause / Delete over the selection, with the
// per-campaign scheduling preview.
import { Switch } from '../Switch.tsx';
import { SchedulePreview } from './SchedulePreview.tsx';
import type { ScheduleGroup } from './emailFormat.ts';

interface BulkActionsPanelProps {
  hasEmails: boolean;
  bulkMode: boolean;
  onBulkMode: (on: boolean) => void;
  selectedCount: number;
  /** The emails loaded so far (Select All selects these). */
  listedCount: number;
  /** True when the server has more emails than are loaded. */
  moreToLoad: boolean;
  groups: ScheduleGroup[];
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onSchedule: () => void;
  onSend: () => void;
  onPause: () => void;
  onDelete: () => void;
}

export function BulkActionsPanel(props: BulkActionsPanelProps) {
  if (!props.hasEmails) {
    return (
      <div className="box bulk-actions">
        <p className="has-text-grey">No emails available for bulk actions</p>
      </div>
    );
  }
  const n = props.selectedCount;
  return (
    <div className={`box bulk-actions ${props.bulkMode ? 'is-active' : ''}`} role="toolbar" aria-label="Bulk actions">
      <div className="bulk-actions-row">
        <Switch label="Bulk mode" checked={props.bulkMode} onChange={props.onBulkMode} />
        {props.bulkMode ? (
          <>
            <span className="bulk-count">
              {props.moreToLoad ? (
                <>
                  <strong>{n}</strong> selected of the {props.listedCount} loaded
                </>
              ) : (
                <>
                  <strong>{n}</strong> of {props.listedCount} selected
                </>
              )}
            </span>
            <div className="buttons bulk-select-buttons">
              <button type="button" className="button is-small is-light" onClick={props.onSelectAll} disabled={n === props.listedCount}>
                Select All
              </button>
              <button type="button" className="button is-small is-light" onClick={props.onClear} disabled={!n}>
                Clear
              </button>
            </div>
          </>
        ) : (
          <span className="is-size-7 has-text-grey">Turn on bulk mode to select emails for scheduling, sending, pausing or deleting.</span>
        )}
      </div>
      {props.bulkMode ? (
        <>
          <div className="buttons bulk-action-buttons">
            <button type="button" className="button is-primary" onClick={props.onSchedule} disabled={props.busy}>
              Schedule Automatically ({n})
            </button>
            <button type="button" className="button is-success is-light" onClick={props.onSend} disabled={props.busy || !n}>
              Send Now ({n})
            </button>
            <button type="button" className="button is-warning is-light" onClick={props.onPause} disabled={props.busy || !n}>
              Pause ({n})
            </button>
            <button type="button" className="button is-danger is-light" onClick={props.onDelete} disabled={props.busy || !n}>
              Delete ({n})
            </button>
          </div>
          <SchedulePreview groups={props.groups} />
        </>
      ) : null}
    </div>
  );
}
