// System Configuration: rate limits, retries, circuit breaker, dead-letter queue, the search
// budget and site audits (with whether this host has Chromium for them). The whole object is
// posted; the server checks every bound and names the field it refuses.
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { saveSystemConfig, useSystemConfig, type SystemConfig } from '../../api/settings.ts';
import { FormButtons, NumberField } from '../FormFields.tsx';
import { Switch } from '../Switch.tsx';
import { useToast } from '../Toasts.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { AuditHostStatus } from './AuditHostStatus.tsx';
import { boundsHelp, fieldLabel, isSwitch, SITE_AUDITS_GROUP, SYSTEM_GROUPS, SYSTEM_SPECS, switchLabel, type SystemKey } from './systemFields.ts';

type Draft = Record<SystemKey, string | boolean>;

const toDraft = (config: SystemConfig): Draft =>
  Object.fromEntries(Object.entries(config).map(([key, value]) => [key, typeof value === 'boolean' ? value : String(value)])) as Draft;

/** Numbers as typed ('' → null, which the server refuses with the field's name). */
const toConfig = (draft: Draft): SystemConfig =>
  Object.fromEntries(
    Object.entries(draft).map(([key, value]) => [key, typeof value === 'boolean' ? value : value.trim() === '' ? null : Number(value)]),
  ) as unknown as SystemConfig;

export function SystemConfigForm() {
  const { data, error, mutate } = useSystemConfig(true);
  return (
    <SettingsSection title="System Configuration" description="How fast the product calls each service, how it retries, and when it stops calling a failing service.">
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load the system configuration')}
        </div>
      ) : null}
      {data ? (
        <SystemConfigEditor key={JSON.stringify(data)} initial={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
      ) : error ? null : (
        <p className="has-text-grey">Loading system configuration...</p>
      )}
    </SettingsSection>
  );
}

function SystemConfigEditor({ initial, onSaved }: { initial: SystemConfig; onSaved: (config: SystemConfig) => void }) {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: SystemKey) => (value: string | boolean) => setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const saved = await saveSystemConfig(toConfig(draft));
      toast.success('System configuration saved');
      onSaved(saved);
    } catch (err) {
      setError(errorText(err, 'Failed to save system configuration'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="box system-config" onSubmit={submit} noValidate>
      <div className="system-groups">
        {SYSTEM_GROUPS.map((group) => (
          <fieldset key={group.title} className="system-group">
            <legend className="system-group-title">{group.title}</legend>
            {group.keys.map((key) =>
              isSwitch(key) ? (
                <Switch key={key} label={switchLabel(key)} checked={draft[key] === true} onChange={set(key)} />
              ) : (
                <NumberField
                  key={key}
                  label={fieldLabel(key)}
                  value={String(draft[key])}
                  onChange={set(key)}
                  min={SYSTEM_SPECS[key].min}
                  max={SYSTEM_SPECS[key].max}
                  step={SYSTEM_SPECS[key].step}
                  help={boundsHelp(key)}
                />
              ),
            )}
            {group.title === SITE_AUDITS_GROUP ? <AuditHostStatus /> : null}
          </fieldset>
        ))}
      </div>
      {error ? (
        <div className="notification is-danger is-light py-2 px-3" role="alert">
          {error}
        </div>
      ) : null}
      <FormButtons submitLabel="Save Configuration" busy={busy} onCancel={() => setDraft(toDraft(initial))} cancelLabel="Reset" />
    </form>
  );
}
