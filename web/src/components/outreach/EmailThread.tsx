// The thread above a follow-up: the earlier steps to the same lead in the same campaign, oldest
// first, each folded to its subject and when it went (open one to read it). Text is rendered
// as text, never as HTML.
import { useEmailThread, type ThreadEmail } from '../../api/emails.ts';
import { formatDateTime } from '../../format.ts';
import './email-thread.css';

/** "First email", "Follow-up 2 of 3" (step 2 of a three-step sequence), or "Follow-up (step 2)" without the length. */
export function stepLabel(step: number, steps: number | null | undefined): string {
  if (step === 1) return 'First email';
  return steps ? `Follow-up ${step} of ${steps}` : `Follow-up (step ${step})`;
}

const whenText = (e: ThreadEmail) =>
  e.sent_at ? `sent ${formatDateTime(e.sent_at)}` : e.status === 'CANCELLED' ? `not sent: ${e.note ?? 'cancelled'}` : e.status.toLowerCase();

export function EmailThread({ id, step }: { id: number; step: number }) {
  const { data, error } = useEmailThread(id, step);
  if (step <= 1) return null;
  if (error) return <p className="help is-danger">The thread could not be loaded.</p>;
  const earlier = (data?.items ?? []).filter((e) => e.step < step);
  if (earlier.length === 0) return null;
  return (
    <section className="email-thread" aria-label="Earlier emails in this thread">
      <p className="is-size-7 has-text-grey mb-1">In reply to:</p>
      {earlier.map((e) => (
        <details key={e.id} className="email-thread-item" data-step={e.step}>
          <summary className="is-size-7">
            <strong>Step {e.step}</strong> · {e.subject} · <span className="has-text-grey">{whenText(e)}</span>
          </summary>
          <pre className="email-thread-body">{e.body}</pre>
        </details>
      ))}
    </section>
  );
}
