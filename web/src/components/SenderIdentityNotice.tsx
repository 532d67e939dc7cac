// A warning at the top of the Drafts and Outreach screens while the sender's name, address
// or postal address is missing: no provider sends anything until they are set. Its link opens
// Settings at the Sender section it names.
import { Link } from 'react-router';
import { useSenderIdentity } from '../api/settings.ts';
import { SENDER_PLACE, senderPartsText } from '../../../src/core/settings/sender.ts';

/** The Sender section of Settings: the Settings screen scrolls to it. */
export const SENDER_SECTION_URL = '/settings#sender';

export function SenderIdentityNotice() {
  const { data } = useSenderIdentity();
  if (!data || data.ready) return null;
  return (
    <div className="notification is-warning is-light sender-identity-notice" role="status" data-missing={data.missing.join(', ')}>
      Emails can't be sent yet: set your {senderPartsText(data.missing)} in <Link to={SENDER_SECTION_URL}>{SENDER_PLACE}</Link>.
    </div>
  );
}
