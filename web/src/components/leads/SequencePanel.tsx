// Lead detail's "Sequence": where the lead is in its campaign's follow-ups, in one line
// ("Step 1 sent Fri 10 Apr · step 2 due Wed 15 Apr · stops on reply"), then each step.
import type { SequenceState } from '../../api/leads.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** The sequence in one line, as an operator reads it. */
export function sequenceLine(s: SequenceState): string {
  const parts = s.emails.map((e) => {
    const what = `step ${e.step}`;
    if (e.sent_at) return `${what} sent ${day(e.sent_at)}`;
    if (e.status === 'DRAFT') return `${what} waiting for approval in Drafts`;
    if (e.status === 'QUEUED') return `${what} queued${e.scheduled_send_time ? ` for ${day(e.scheduled_send_time)}` : ''}`;
    return `${what} ${e.status.toLowerCase()}`;
  });
  if (s.next_step && s.next_due_at) parts.push(`step ${s.next_step} due ${day(s.next_due_at)}`);
  if (s.stopped) parts.push(`stopped: ${s.stopped}`);
  else if (s.finished) parts.push(`finished (all ${s.steps} steps sent)`);
  else if (s.steps > 1) parts.push('stops on reply');
  const line = parts.join(' · ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

export function SequencePanel({ state }: { state: SequenceState }) {
  return (
    <section className="box lead-sequence" aria-label="Sequence">
      <h2 className="title is-6 mb-2">
        Sequence <span className="has-text-grey has-text-weight-normal is-size-7">({state.steps === 1 ? 'first email only' : `${state.steps} steps`})</span>
      </h2>
      <p className={`lead-sequence-line ${state.stopped ? 'has-text-danger-dark' : ''}`}>{sequenceLine(state)}</p>
      {state.steps > 1 ? <p className="is-size-7 has-text-grey mt-1">Stops on {state.stops_on.join(', ')}.</p> : null}
      {state.emails.some((e) => e.note) ? (
        <ul className="is-size-7 mt-2">
          {state.emails
            .filter((e) => e.note)
            .map((e) => (
              <li key={e.id}>
                Step {e.step}: {e.note}
              </li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}
