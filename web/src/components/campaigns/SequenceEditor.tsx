// The "Sequence" section of a campaign: how many emails a lead gets (the first and up to four
// follow-ups), the business days each follow-up waits after the step before, and whether a
// click also stops it. The server checks the same bounds and says what is wrong.
import { useId } from 'react';
import defaults from '../../../../config/default.json';
import type { Sequence } from '../../../../src/core/model/sequence.ts';

const { max_steps: MAX_STEPS, default_follow_up_days: DEFAULT_DAYS, max_follow_up_days: MAX_DAYS } = defaults.campaigns.sequence;

/** The editor's state: delays as typed, so a half-typed number is not lost. */
export interface SequenceDraft {
  steps: number;
  days: string[];
  stopOnClick: boolean;
  stopOnReportView: boolean;
}

export const draftOf = (s: Sequence | undefined): SequenceDraft =>
  s ? { steps: s.steps, days: s.follow_up_days.map(String), stopOnClick: s.stop_on_click, stopOnReportView: s.stop_on_report_view } : { steps: 1, days: [], stopOnClick: false, stopOnReportView: false };

/** The sequence to send, or the problem with the first bad delay. */
export function sequenceOf(d: SequenceDraft): { sequence: Sequence } | { error: string } {
  const days = d.days.slice(0, d.steps - 1).map((v) => Number(v));
  const bad = days.findIndex((n, i) => !d.days[i].trim() || !Number.isInteger(n) || n < 1 || n > MAX_DAYS);
  if (bad >= 0) return { error: `Follow-up ${bad + 1} must wait a whole number of business days from 1 to ${MAX_DAYS}` };
  return { sequence: { steps: d.steps, follow_up_days: days, stop_on_click: d.stopOnClick, stop_on_report_view: d.stopOnReportView } };
}

const stepsLabel = (n: number) => (n === 1 ? 'First email only' : `First email + ${n - 1} follow-up${n === 2 ? '' : 's'}`);

export function SequenceEditor({ value, onChange, error }: { value: SequenceDraft; onChange: (d: SequenceDraft) => void; error?: string }) {
  const id = useId();
  const setSteps = (steps: number) => {
    // New follow-ups start at the default delays; ones already typed keep theirs.
    const days = Array.from({ length: steps - 1 }, (_, i) => value.days[i] ?? String(DEFAULT_DAYS[i] ?? DEFAULT_DAYS[DEFAULT_DAYS.length - 1]));
    onChange({ ...value, steps, days });
  };
  const setDay = (i: number, v: string) => onChange({ ...value, days: value.days.map((d, j) => (j === i ? v : d)) });

  return (
    <fieldset className="field sequence-editor" aria-describedby={`${id}-help`}>
      <legend className="label">Sequence</legend>
      <div className="select is-fullwidth mb-2">
        <select aria-label="Emails per lead" value={value.steps} onChange={(e) => setSteps(Number(e.target.value))}>
          {Array.from({ length: MAX_STEPS }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {stepsLabel(n)}
            </option>
          ))}
        </select>
      </div>
      {value.steps > 1 ? (
        <ol className="sequence-steps">
          <li className="is-size-7 has-text-grey">Step 1: the first email</li>
          {value.days.slice(0, value.steps - 1).map((day, i) => (
            <li key={i} className="sequence-step">
              <label className="is-size-7" htmlFor={`${id}-day-${i}`}>
                Step {i + 2}: a follow-up
              </label>
              <input
                id={`${id}-day-${i}`}
                className={`input is-small sequence-days${error && error.startsWith(`Follow-up ${i + 1} `) ? ' is-danger' : ''}`}
                type="number"
                inputMode="numeric"
                aria-label={`Business days before follow-up ${i + 1}`}
                value={day}
                onChange={(e) => setDay(i, e.target.value)}
              />
              <span className="is-size-7">business days after step {i + 1}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {value.steps > 1 ? (
        <label className="checkbox is-size-7">
          <input type="checkbox" checked={value.stopOnClick} onChange={(e) => onChange({ ...value, stopOnClick: e.target.checked })} /> Also stop when the lead clicks a link
        </label>
      ) : null}
      {value.steps > 1 ? (
        <label className="checkbox is-size-7 is-block">
          <input type="checkbox" checked={value.stopOnReportView} onChange={(e) => onChange({ ...value, stopOnReportView: e.target.checked })} /> Also stop when the lead views its report page
        </label>
      ) : null}
      {error ? <p className="help is-danger">{error}</p> : null}
      <p id={`${id}-help`} className="help">
        {value.steps > 1
          ? 'Follow-ups are short replies in the same thread that add one new finding or a gentle nudge, sent Monday to Friday inside your sending windows. They stop when the lead replies (or an auto-reply says the person left), bounces, unsubscribes, complains, is suppressed, is marked converted or its status is changed by hand.'
          : 'Add follow-ups to write again to leads who have not answered.'}
      </p>
    </fieldset>
  );
}
