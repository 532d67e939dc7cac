// The provider radio cards: Brevo (recommended), Resend and SMTP.
import type { EmailProvider } from '../../api/settings.ts';
import { EMAIL_PROVIDERS } from './emailProviders.ts';

export function ProviderChoice({ value, onChange }: { value: EmailProvider; onChange: (provider: EmailProvider) => void }) {
  return (
    <fieldset className="field">
      <legend className="label">Provider</legend>
      <div className="provider-choices">
        {EMAIL_PROVIDERS.map((provider) => (
          <label key={provider.id} className={`provider-choice${value === provider.id ? ' is-selected' : ''}`}>
            <input type="radio" name="email-provider" value={provider.id} checked={value === provider.id} onChange={() => onChange(provider.id)} />
            <span className="provider-choice-text">
              <span className="has-text-weight-semibold">
                {provider.label}
                {provider.recommended ? <span className="tag is-success is-light is-small ml-2">Recommended</span> : null}
              </span>
              <span className="is-size-7 has-text-grey">{provider.blurb}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
