// Replies (/replies): every reply matched to one of our emails, newest first, loaded page by
// page; unread ones in bold (the sidebar badge counts them). Opening one marks it read and
// shows its thread, the lead's findings and the answer editor. The class chip corrects the
// class in one click (kept: the AI never overwrites it).
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReplyClass } from '../../../src/core/model/reply-classes.ts';
import { errorText } from '../api/client.ts';
import { correctReply, flattenReplyPages, refreshReplies, useReplyPages, type ReplyItem } from '../api/replies.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useToast } from '../components/Toasts.tsx';
import { ReplyList } from '../components/replies/ReplyList.tsx';
import { ReplyThread } from '../components/replies/ReplyThread.tsx';
import { CLASS_LABELS, CLASS_OPTIONS } from '../components/replies/replyFormat.ts';
import '../components/replies/replies.css';

export function Replies() {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [unread, setUnread] = useState(false);
  const [cls, setCls] = useState('');
  const activeId = Number(params.get('id')) || null;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useReplyPages({ unread, class: cls });
  const replies = useMemo(() => flattenReplyPages(data), [data]);
  const hasMore = Boolean(data?.[data.length - 1]?.next_cursor);
  const loadingMore = isValidating && data !== undefined && size > data.length;

  const correct = async (id: number, next: ReplyClass) => {
    try {
      await correctReply(id, { class: next });
      toast.success(`Class set to ${CLASS_LABELS[next]}`);
      await Promise.all([mutate(), refreshReplies()]);
    } catch (e) {
      toast.error(errorText(e, 'Could not change the class'));
    }
  };

  return (
    <div className="replies-screen">
      <PageHeader title="Replies" subtitle="Every answer to your emails, classified; open one to read the thread and answer it" />
      <div className="field is-grouped is-grouped-multiline replies-filters">
        <div className="control">
          <div className="buttons has-addons">
            <button type="button" className={`button is-small${unread ? '' : ' is-selected is-primary'}`} onClick={() => setUnread(false)}>
              All
            </button>
            <button type="button" className={`button is-small${unread ? ' is-selected is-primary' : ''}`} onClick={() => setUnread(true)}>
              Unread
            </button>
          </div>
        </div>
        <div className="control">
          <div className="select is-small">
            <select aria-label="Class" value={cls} onChange={(e) => setCls(e.target.value)}>
              <option value="">All classes</option>
              {CLASS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {error ? <div className="notification is-danger is-light">{errorText(error, 'Could not load the replies')}</div> : null}
      <div className="replies-layout">
        <section className="replies-column">
          {isLoading && !data ? (
            <progress className="progress is-small is-primary" max={100} aria-label="Loading replies" />
          ) : replies.length === 0 ? (
            <div className="box has-text-centered py-6">
              <p className="title is-5">{unread || cls ? 'No replies match' : 'No replies yet'}</p>
              <p className="has-text-grey">Replies appear here as the reply mailbox is checked (Settings → Reply Detection).</p>
            </div>
          ) : (
            <ReplyList
              replies={replies}
              activeId={activeId}
              onOpen={(id) => setParams({ id: String(id) })}
              onCorrect={(r: ReplyItem, next) => void correct(r.id, next)}
              canLoadMore={hasMore && !loadingMore}
              loadingMore={loadingMore}
              onLoadMore={() => hasMore && !loadingMore && void setSize(size + 1)}
            />
          )}
        </section>
        <section className="replies-detail">
          {activeId ? (
            <ReplyThread id={activeId} onCorrect={correct} />
          ) : (
            <div className="box has-text-centered py-6">
              <p className="title is-5">Select a reply to read</p>
              <p className="has-text-grey">Its thread, the lead's findings and the answer editor open here</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
