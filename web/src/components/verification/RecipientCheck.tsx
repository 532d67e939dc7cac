// A recipient's check (syntax, placeholders, roles, disposable domains, MX): a tag whose
// tooltip gives the reason, and for risky and invalid ones the reason written out.
import type { RecipientCheck as Check } from '../../../../src/core/model/verification.ts';
import './recipient-check.css';

export type RecipientCheck = Check;

const LOOK = {
  valid: { label: 'Verified', colour: 'is-success' },
  risky: { label: 'Risky', colour: 'is-warning' },
  invalid: { label: 'Invalid', colour: 'is-danger' },
} as const;

export function RecipientCheckTag({ check }: { check: RecipientCheck | undefined }) {
  if (!check) {
    return (
      <span className="tag is-white recipient-check" data-verdict="unchecked" title="The address has not been checked yet: it is checked when the draft is approved">
        Not checked
      </span>
    );
  }
  const look = LOOK[check.verdict];
  const accepted = check.verdict === 'risky' && check.risk_accepted;
  return (
    <span className={`tag is-light recipient-check ${look.colour}`} data-verdict={check.verdict} title={`${look.label}: ${check.reason}`}>
      {accepted ? 'Risky, approved' : look.label}
    </span>
  );
}

/** The reason, spelled out, when it matters (risky or invalid); on a draft, with what to do. */
export function RecipientCheckNote({ check, onDraft = false }: { check: RecipientCheck | undefined; onDraft?: boolean }) {
  if (!check || check.verdict === 'valid') return null;
  const text =
    check.verdict === 'invalid'
      ? onDraft
        ? `Cannot be sent: ${check.reason}. Change the recipient or delete this draft.`
        : `Cannot receive mail: ${check.reason}.`
      : `Risky recipient: ${check.reason}.`;
  return <p className={`help recipient-check-note ${check.verdict === 'invalid' ? 'is-danger' : 'is-warning-dark'}`}>{text}</p>;
}
