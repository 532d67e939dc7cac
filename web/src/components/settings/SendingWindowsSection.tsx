// Sending windows: the weekly hours emails may go out, one line per weekday ("09:00-11:00,
// 14:00-16:00"), read on each recipient's clock. The server checks every range and names
// the one it refuses; the whole week is saved at once.
import { useState, type FormEvent } from 'react';
import { ZONE_RULE } from '../../../../src/core/scheduling/zone-rule.ts';
import { errorText } from '../../api/client.ts';
import { saveOptimalSendingTimes, useOptimalSendingTimes, type OptimalWindow } from '../../api/settings.ts';
import { FormButtons } from '../FormFields.tsx';
import { useToast } from '../Toasts.tsx';
import { SettingsSection } from './SettingsSection.tsx';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
type Draft = Record<(typeof WEEK)[number], string>;

const toDraft = (windows: OptimalWindow[]): Draft =>
  Object.fromEntries(WEEK.map((day) => [day, windows.filter((w) => w.day === day).map((w) => w.time_range).sort().join(', ')])) as Draft;

/** Each day's comma-separated ranges as typed; the server checks them. */
const toWindows = (draft: Draft): OptimalWindow[] =>
  WEEK.flatMap((day) =>
    draft[day]
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean)
      .map((time_range) => ({ day, time_range })),
  );

export function SendingWindowsSection() {
  const { data, error, mutate } = useOptimalSendingTimes();
  return (
    <SettingsSection title="Sending windows" description={ZONE_RULE}>
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load the sending windows')}
        </div>
      ) : null}
      {data ? (
        <WindowsEditor key={JSON.stringify(data)} initial={data.optimal_times} onSaved={(saved) => void mutate({ optimal_times: saved }, { revalidate: false })} />
      ) : error ? null : (
        <p className="has-text-grey">Loading sending windows...</p>
      )}
    </SettingsSection>
  );
}

function WindowsEditor({ initial, onSaved }: { initial: OptimalWindow[]; onSaved: (windows: OptimalWindow[]) => void }) {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const saved = await saveOptimalSendingTimes({ optimal_times: toWindows(draft) });
      toast.success('Sending windows saved');
      onSaved(saved.optimal_times);
    } catch (err) {
      // Each message quotes the bad value itself; the API's field path adds nothing on this form.
      setError(errorText(err, 'Failed to save the sending windows').replace(/optimal_times\.\d+\.\w+: /g, ''));
    } finally {
      setBusy(false);
    }
  }

  const empty = WEEK.every((day) => !draft[day].trim());
  return (
    <form className="box sending-windows" onSubmit={submit} noValidate>
      <p className="help mb-3">Times as HH:MM-HH:MM, several separated by commas. A day left empty sends nothing that day.</p>
      {WEEK.map((day) => (
        <div key={day} className="field is-horizontal sending-window-row">
          <div className="field-label is-normal">
            <label className="label" htmlFor={`window-${day}`}>
              {day}
            </label>
          </div>
          <div className="field-body">
            <div className="field">
              <div className="control">
                <input
                  id={`window-${day}`}
                  className="input"
                  value={draft[day]}
                  placeholder="no sending"
                  onChange={(e) => setDraft((current) => ({ ...current, [day]: e.target.value }))}
                />
              </div>
            </div>
          </div>
        </div>
      ))}
      {empty ? <p className="notification is-warning is-light py-2 px-3">No windows: emails go at any hour, day or night where the recipient is.</p> : null}
      {error ? (
        <div className="notification is-danger is-light py-2 px-3" role="alert">
          {error}
        </div>
      ) : null}
      <FormButtons submitLabel="Save windows" busy={busy} onCancel={() => setDraft(toDraft(initial))} cancelLabel="Reset" />
    </form>
  );
}
