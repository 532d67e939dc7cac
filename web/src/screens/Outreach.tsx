// Outreach — not built yet: the shell shows the title and a one-line notice.
import { ComingSoon } from '../components/ComingSoon.tsx';

export function Outreach() {
  return <ComingSoon title="Outreach" />;
}
