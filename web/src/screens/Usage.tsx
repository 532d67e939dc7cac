// API Usage & Quotas — not built yet: the shell shows the title and a one-line notice.
import { ComingSoon } from '../components/ComingSoon.tsx';

export function Usage() {
  return <ComingSoon title="API Usage & Quotas" />;
}
