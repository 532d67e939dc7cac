// The inbox list: sender, business, campaign, the new text (the quoted history folded away),
// the email it answers, when, its class chip and sentiment; unread replies in bold.
import type { ReplyClass } from '../../../../src/core/model/reply-classes.ts';
import type { ReplyItem } from '../../api/replies.ts';
import { relativeTime } from '../../format.ts';
import { useLoadMoreSentinel } from '../useLoadMoreSentinel.ts';
import { ClassChip } from './ClassChip.tsx';
import { SENTIMENT_COLOURS, SENTIMENT_LABELS } from './replyFormat.ts';

interface ReplyListProps {
  replies: ReplyItem[];
  activeId: number | null;
  onOpen: (id: number) => void;
  onCorrect: (reply: ReplyItem, cls: ReplyClass) => void;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function ReplyList({ replies, activeId, onOpen, onCorrect, canLoadMore, loadingMore, onLoadMore }: ReplyListProps) {
  const sentinel = useLoadMoreSentinel(onLoadMore, canLoadMore);
  return (
    <div className="reply-list-wrap">
      <ul className="reply-list" aria-label="Replies">
        {replies.map((r) => (
          <li key={r.id} className={`reply-row${r.id === activeId ? ' is-active' : ''}${r.read_at ? '' : ' is-unread'}`} data-reply-id={r.id}>
            <button type="button" className="reply-open" onClick={() => onOpen(r.id)} aria-label={`Open the reply from ${r.from_name ?? r.from_address}`}>
              <span className="reply-row-head">
                <span className="reply-from">{r.from_name ? `${r.from_name} <${r.from_address}>` : r.from_address}</span>
                <span className="reply-when" title={r.received_at}>
                  {relativeTime(r.received_at)}
                </span>
              </span>
              <span className="reply-business">
                {r.business ?? '—'}
                {r.campaign_name ? <span className="has-text-grey"> · {r.campaign_name}</span> : null}
              </span>
              <span className="reply-answers has-text-grey">Re: {r.email_subject}</span>
              <span className="reply-text">{r.new_text || r.text || '(no text)'}</span>
            </button>
            <span className="reply-tags">
              <ClassChip reply={r} onCorrect={(cls) => onCorrect(r, cls)} />
              {r.sentiment ? <span className={`is-size-7 reply-sentiment ${SENTIMENT_COLOURS[r.sentiment]}`}>{SENTIMENT_LABELS[r.sentiment]} tone</span> : null}
            </span>
          </li>
        ))}
        <li ref={sentinel} aria-hidden="true" className="reply-sentinel" />
      </ul>
      {canLoadMore || loadingMore ? (
        <button type="button" className={`button is-small is-fullwidth mt-2${loadingMore ? ' is-loading' : ''}`} onClick={onLoadMore} disabled={!canLoadMore}>
          Load more
        </button>
      ) : null}
    </div>
  );
}
