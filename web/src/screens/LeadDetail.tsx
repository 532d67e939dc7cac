// Lead detail (/leads/{id}) — not built yet: the shell shows the title and a one-line notice.
import { Link, useParams } from 'react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';

export function LeadDetail() {
  const { id } = useParams();
  const valid = id !== undefined && /^\d+$/.test(id);
  return (
    <>
      <p className="mb-3">
        <Link to="/leads">← Back to Leads</Link>
      </p>
      {valid ? <ComingSoon title={`Lead #${id}`} /> : <div className="notification is-warning is-light">Lead not found</div>}
    </>
  );
}
