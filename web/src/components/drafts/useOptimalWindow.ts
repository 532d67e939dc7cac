// Whether now is inside one of the weekly sending windows, re-checked every minute so the
// 'Send Now' / 'Queue & Send' labels follow the clock.
import { useEffect, useState } from 'react';
import { useOptimalSendingTimes } from '../../api/drafts.ts';
import { isInsideOptimalWindow } from './draftFormat.ts';

const RECHECK_MS = 60_000;

export function useOptimalWindow(): boolean {
  const { data } = useOptimalSendingTimes();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return isInsideOptimalWindow(data?.optimal_times, now);
}
