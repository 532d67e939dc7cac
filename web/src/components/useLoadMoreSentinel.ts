// Loading more on scroll: a ref for a sentinel element placed after the last item of a list
// of fixed height that scrolls (the sentinel's parent). When the person scrolls that list far
// enough that the sentinel comes into view, `load` runs — once per arrival, and only when the
// list actually scrolls, so a short list never pulls every page in by itself. A "Load more"
// button stays the fallback (no IntersectionObserver, or lists too short to scroll).
import { useCallback, useEffect, useRef } from 'react';

/** `enabled`: false while a page is loading or when there is nothing more. */
export function useLoadMoreSentinel(load: () => void, enabled: boolean) {
  const latest = useRef({ load, enabled });
  useEffect(() => {
    latest.current = { load, enabled };
  });
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const list = node?.parentElement;
    if (!node || !list || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (latest.current.enabled && list.scrollHeight > list.clientHeight) latest.current.load();
      },
      // No margin ahead: with one, a list only a little taller than its box would load a page as it mounts.
      { root: list },
    );
    observer.current.observe(node);
  }, []);
}
