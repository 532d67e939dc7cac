// The email signature with its {sender_name} placeholder and a live preview.
import { TextAreaField } from '../FormFields.tsx';
import { renderSignature, SENDER_NAME_PLACEHOLDER } from './emailProviders.ts';

export function SignatureField({ value, onChange, fromName, maxLength }: { value: string; onChange: (value: string) => void; fromName: string; maxLength?: number }) {
  return (
    <>
      <TextAreaField
        label="Email Signature"
        value={value}
        onChange={onChange}
        rows={3}
        maxLength={maxLength}
        help={
          <>
            <code>{SENDER_NAME_PLACEHOLDER}</code> is replaced by the from name when an email is sent.
          </>
        }
      />
      <SignaturePreview text={renderSignature(value, fromName)} />
    </>
  );
}

export function SignaturePreview({ text }: { text: string }) {
  return (
    <div className="signature-preview">
      <p className="is-size-7 has-text-grey mb-1">Signature preview</p>
      <p className="signature-text">{text || '—'}</p>
    </div>
  );
}
