// Email Sending Control: Enabled sends approved drafts automatically; Disabled only queues them.
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { toggleEmailSending, useEmailSendingStatus } from '../../api/settings.ts';
import { Switch } from '../Switch.tsx';
import { useToast } from '../Toasts.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export function EmailSendingControl() {
  const toast = useToast();
  const { data, error, mutate } = useEmailSendingStatus(true);
  const [busy, setBusy] = useState(false);

  async function toggle(enable: boolean) {
    setBusy(true);
    try {
      const result = await toggleEmailSending(enable);
      await mutate({ enabled: result.enabled }, { revalidate: false });
      toast.success(result.message);
    } catch (err) {
      toast.error(errorText(err, 'Failed to toggle email sending'));
    } finally {
      setBusy(false);
    }
  }

  const enabled = data?.enabled ?? false;
  return (
    <SettingsSection title="Email Sending Control">
      <div className="box">
        {error ? (
          <div className="notification is-danger is-light" role="alert">
            {errorText(error, 'Failed to load the email sending status')}
          </div>
        ) : null}
        {data ? (
          <div className="sending-control">
            <div className="sending-control-toggle">
              <Switch label="Email sending" checked={enabled} onChange={(value) => void toggle(value)} disabled={busy} />
              <span className={`tag ${enabled ? 'is-success' : 'is-warning'}`} data-testid="sending-state">
                {enabled ? 'Enabled' : 'Disabled'}
              </span>
            </div>
            <p className="is-size-7 has-text-grey">
              {enabled
                ? 'Enabled: approved drafts are sent automatically.'
                : 'Disabled: approved drafts are queued but not sent until sending is enabled again.'}
            </p>
          </div>
        ) : error ? null : (
          <p className="has-text-grey">Loading...</p>
        )}
      </div>
    </SettingsSection>
  );
}
