// The create-campaign modal's "Subject A/B test" section: off, or two or three variants, each
// with the style the writer follows for it. Every variant's subject is still checked like any
// subject (it may only say what the analysis proves).
import { SUBJECT_STYLES, SUBJECT_STYLE_LABELS, defaultStyles, type SubjectStyle } from '../../../../src/core/model/subject-styles.ts';
import { SelectField } from '../FormFields.tsx';

const COUNT_OPTIONS = [
  { value: '0', label: 'Off: one subject' },
  { value: '2', label: '2 variants (A/B)' },
  { value: '3', label: '3 variants (A/B/C)' },
];
const STYLE_OPTIONS = SUBJECT_STYLES.map((style) => ({ value: style, label: SUBJECT_STYLE_LABELS[style] }));
const STYLE_HELP: Record<SubjectStyle, string> = {
  finding: 'leads with the most important finding',
  question: 'a short question to the owner',
  name: "opens with the business's name",
};

/** `styles` is empty when the campaign runs no test. */
export function VariantsSection({ styles, onChange }: { styles: SubjectStyle[]; onChange: (styles: SubjectStyle[]) => void }) {
  const setCount = (count: string) => onChange(defaultStyles(Number(count)));
  const setStyle = (index: number, style: SubjectStyle) => {
    const next = [...styles];
    // Two arms never share a style: the one that had it takes the style given up.
    const other = next.indexOf(style);
    if (other >= 0) next[other] = next[index];
    next[index] = style;
    onChange(next);
  };
  const repeated = new Set(styles).size !== styles.length;
  return (
    <fieldset className="field variants-section" aria-label="Subject A/B test">
      <legend className="label">Subject A/B test</legend>
      <SelectField label="Variants" value={String(styles.length)} onChange={setCount} options={COUNT_OPTIONS} />
      {styles.length ? (
        <>
          <div className="columns is-variable is-2 mb-0">
            {styles.map((style, i) => (
              <div className="column" key={i}>
                <SelectField<SubjectStyle> label={`Variant ${'ABC'[i]}`} value={style} onChange={(s) => setStyle(i, s)} options={STYLE_OPTIONS} />
                <p className="help mt-0">{STYLE_HELP[style]}</p>
              </div>
            ))}
          </div>
          {repeated ? <p className="help is-danger">Each variant needs its own style</p> : null}
          <p className="help">
            Each lead gets one variant, assigned evenly. Every variant's subject passes the claim checker: one that would state what the analysis cannot prove
            is not used.
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
