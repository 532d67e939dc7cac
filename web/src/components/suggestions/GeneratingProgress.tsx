// The progress view while suggestions are generated: a step every 6 s, capped at 95% until
// the answer arrives (which may be much sooner; the result then replaces this view).
import { useEffect, useState } from 'react';
import defaults from '../../../../config/default.json';

const STEP_MS = defaults.campaigns.suggestion_step_seconds * 1000;
const CAP = defaults.campaigns.suggestion_progress_cap_percent;
const STEPS = [
  'Reading your campaign history',
  'Comparing reply and open rates by industry and city',
  'Checking which markets the search catalogue covers',
  'Scoring opportunities',
  'Writing the suggestions',
];

export function GeneratingProgress() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setStep((s) => s + 1), STEP_MS);
    return () => window.clearInterval(timer);
  }, []);
  const percent = Math.min(CAP, Math.round(((step + 1) / STEPS.length) * 100));
  return (
    <div className="box" role="status" aria-label="Generating suggestions">
      <p className="title is-5">Generating campaign suggestions…</p>
      <p className="has-text-grey mb-3">This usually takes an estimated 30 to 60 seconds.</p>
      <progress className="progress is-primary" value={percent} max={100}>
        {percent}%
      </progress>
      <ol className="suggestions-steps">
        {STEPS.map((label, i) => (
          <li key={label} className={i < step ? 'has-text-success' : i === step ? 'has-text-weight-semibold' : 'has-text-grey-light'}>
            {i < step ? '✓ ' : ''}
            {label}
          </li>
        ))}
      </ol>
    </div>
  );
}
