// A warning at the top of the Drafts and Outreach screens while the sender's name, address
// or postal address is missing: no provider sends anything until they are set.
import { Link } from 'react-router';
import { useSenderIdentity } from '../api/settings.ts';

export function SenderIdentityNotice() {
  const { data } = useSenderIdentity();
  if (!data || data.ready) return null;
  return (
    <div className="notification is-warning is-light sender-identity-notice" role="status" data-missing={data.missing.join(', ')}>
      Emails can't be sent yet: set your sender name, address and postal address in <Link to="/settings">Settings → Email</Link>.
    </div>
  );
}
