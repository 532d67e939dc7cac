// Dashboard — not built yet: the shell shows the title and a one-line notice.
import { ComingSoon } from '../components/ComingSoon.tsx';

export function Dashboard() {
  return <ComingSoon title="Dashboard" />;
}
