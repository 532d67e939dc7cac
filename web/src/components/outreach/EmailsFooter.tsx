// Under the four sections: how many emails are loaded, and "Load more" while the server has
// more — the fallback to scrolling a section to its end (which loads the next page itself).
interface EmailsFooterProps {
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

export function EmailsFooter({ loaded, hasMore, loading, onLoadMore }: EmailsFooterProps) {
  return (
    <div className="email-load-more" aria-live="polite">
      <span className="is-size-7 has-text-grey">
        {hasMore ? `Showing ${loaded} emails; scroll a list to its end for more.` : `All ${loaded} emails shown.`}
      </span>
      {hasMore ? (
        <button type="button" className={`button is-small ${loading ? 'is-loading' : ''}`} onClick={onLoadMore} disabled={loading}>
          Load more
        </button>
      ) : null}
    </div>
  );
}
