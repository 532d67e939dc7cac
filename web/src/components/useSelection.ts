// A set of selected ids that only ever holds items still on screen (deleted, sent or
// filtered-out ones leave it), with the toggles the list screens need.
import { useCallback, useEffect, useState } from 'react';

/** `shownIds` should be memoised: the selection is trimmed whenever it changes. */
export function useSelection(shownIds: number[]) {
  const [selected, setSelected] = useState<Set<number>>(() => new Set());

  useEffect(() => {
    const shown = new Set(shownIds);
    setSelected((current) => {
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [shownIds]);

  const setMany = useCallback(
    (ids: number[], select: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (select) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const toggle = useCallback((id: number) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  }), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const replace = useCallback((ids: number[]) => setSelected(new Set(ids)), []);

  return { selected, toggle, setMany, clear, replace };
}
