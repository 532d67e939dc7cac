// Unknown address inside the shell.
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader.tsx';

export function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        There is no page at this address. <Link to="/dashboard">Go to the dashboard</Link>.
      </p>
    </>
  );
}
