// Campaign History — not built yet: the shell shows the title and a one-line notice.
import { ComingSoon } from '../components/ComingSoon.tsx';

export function CampaignHistory() {
  return <ComingSoon title="Campaign History" />;
}
