// AI Campaign Suggestions — not built yet: the shell shows the title and a one-line notice.
import { ComingSoon } from '../components/ComingSoon.tsx';

export function Suggestions() {
  return <ComingSoon title="AI Campaign Suggestions" />;
}
