// The opened reply: its thread oldest first (our emails, their replies, our answers, the quoted
// history folded), the answer editor (the AI's proposal on request; sent only on Send), and the
// lead's findings beside it.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ReplyClass } from '../../../../src/core/model/reply-classes.ts';
import { errorText } from '../../api/client.ts';
import { useLeadAnalysis } from '../../api/leads.ts';
import { proposeAnswer, refreshReplies, sendAnswer, useReply, type ReplyDetail } from '../../api/replies.ts';
import { formatDateTime } from '../../format.ts';
import { FindingsPanel } from '../leads/FindingsPanel.tsx';
import { useToast } from '../Toasts.tsx';
import { ClassChip } from './ClassChip.tsx';
import { SENTIMENT_COLOURS, SENTIMENT_LABELS } from './replyFormat.ts';

const MARKER = /\[MEETING LINK[^\]]*\]/i;

export function ReplyThread({ id, onCorrect }: { id: number; onCorrect: (id: number, cls: ReplyClass) => Promise<void> }) {
  const { data, error, mutate } = useReply(id);
  const analysis = useLeadAnalysis(data ? data.reply.lead_id : null);
  if (error) return <div className="notification is-danger is-light">{errorText(error, 'Could not load the reply')}</div>;
  if (!data) return <progress className="progress is-small is-primary" max={100} aria-label="Loading the reply" />;
  const { reply } = data;
  return (
    <div className="reply-detail-grid">
      <section className="box reply-thread" aria-label="Thread">
        <header className="reply-thread-head">
          <div>
            <h2 className="title is-5 mb-1">{reply.subject || `Re: ${reply.email_subject}`}</h2>
            <p className="is-size-7">
              <Link to={`/leads/${reply.lead_id}`}>{reply.business ?? 'Lead'}</Link>
              {reply.campaign_name ? <span className="has-text-grey"> · {reply.campaign_name}</span> : null}
            </p>
          </div>
          <span className="reply-tags">
            <ClassChip reply={reply} onCorrect={(cls) => void onCorrect(reply.id, cls).then(() => mutate())} />
            {reply.sentiment ? <span className={`is-size-7 reply-sentiment ${SENTIMENT_COLOURS[reply.sentiment]}`}>{SENTIMENT_LABELS[reply.sentiment]} tone</span> : null}
          </span>
        </header>
        {reply.classify_error ? <p className="notification is-warning is-light is-size-7 py-2">{reply.classify_error}</p> : null}
        <ol className="thread-entries">
          {data.thread.map((e, i) => (
            <li key={`${e.kind}-${e.id}-${i}`} className={`thread-entry is-${e.kind}${e.kind === 'theirs' && e.id === reply.id ? ' is-current' : ''}`}>
              <p className="thread-entry-head is-size-7">
                <strong>{e.kind === 'ours' ? `Our email${e.step ? ` · step ${e.step}` : ''}` : e.kind === 'theirs' ? 'Their reply' : 'Our answer'}</strong>
                <span className="has-text-grey"> · {formatDateTime(e.at)}</span>
              </p>
              <pre className="thread-entry-text">{e.text}</pre>
            </li>
          ))}
        </ol>
        <Folded text={reply.text} newText={reply.new_text} />
        <AnswerEditor detail={data} onSent={() => void mutate()} />
      </section>
      <aside className="reply-findings">
        <FindingsPanel analysis={analysis.data} error={analysis.error} isLoading={analysis.isLoading} requested />
      </aside>
    </div>
  );
}

/** The quoted history of the current reply, folded. */
function Folded({ text, newText }: { text: string; newText: string }) {
  const rest = text.slice(text.indexOf(newText) + newText.length).trim();
  if (!rest || !newText) return null;
  return (
    <details className="reply-quoted mb-3">
      <summary className="is-size-7 has-text-grey">Show the quoted history</summary>
      <pre className="thread-entry-text">{rest}</pre>
    </details>
  );
}

function AnswerEditor({ detail, onSent }: { detail: ReplyDetail; onSent: () => void }) {
  const toast = useToast();
  const signature = detail.signature;
  const [body, setBody] = useState(`\n\n${signature}`);
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  useEffect(() => setBody(`\n\n${signature}`), [detail.reply.id, signature]);
  const marker = MARKER.test(body);

  const propose = async () => {
    setBusy('draft');
    try {
      setBody((await proposeAnswer(detail.reply.id)).body);
    } catch (error) {
      toast.error(errorText(error, 'Could not propose an answer'));
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    setBusy('send');
    try {
      const sent = await sendAnswer(detail.reply.id, body);
      toast.success(`Answer sent to ${sent.to}`);
      setBody(`\n\n${signature}`);
      onSent();
      void refreshReplies();
    } catch (error) {
      toast.error(errorText(error, 'Could not send the answer'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      className="reply-editor"
      aria-label="Answer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label className="label is-small" htmlFor="reply-answer">
        Answer {detail.reply.from_name ?? detail.reply.from_address} (plain text, sent in this thread)
      </label>
      <textarea id="reply-answer" className="textarea" rows={8} value={body} onChange={(event) => setBody(event.target.value)} />
      {marker ? <p className="help is-warning">Replace the [MEETING LINK …] marker with your booking link before sending.</p> : null}
      <div className="buttons mt-2">
        <button type="button" className={`button is-light${busy === 'draft' ? ' is-loading' : ''}`} onClick={() => void propose()} disabled={busy !== null}>
          Propose an answer
        </button>
        <button type="submit" className={`button is-primary${busy === 'send' ? ' is-loading' : ''}`} disabled={busy !== null || marker || !body.trim()}>
          Send
        </button>
      </div>
    </form>
  );
}
