// Per sequence step: the emails sent in the period by their step (shown once sequences exist).
import { useId } from 'react';
import type { Analytics } from '../../api/analytics.ts';
import { formatCount } from '../../format.ts';
import { formatPercent } from '../dashboard/percent.ts';

const rate = (value: number | null) => (value === null ? '–' : formatPercent(value));

export function StepsTable({ steps, days }: { steps: Analytics['steps']; days: number }) {
  const titleId = useId();
  if (steps.length < 2) return null;
  return (
    <section className="box analytics-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Sequence Steps
      </h2>
      <div className="table-container">
        <table className="table is-fullwidth is-narrow steps-table">
          <caption className="analytics-note has-text-left">Emails sent in the last {days} days, by their step in the sequence.</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="has-text-right">Sent</th>
              <th scope="col" className="has-text-right">Opened</th>
              <th scope="col" className="has-text-right">Clicked</th>
              <th scope="col" className="has-text-right">Replied</th>
              <th scope="col" className="has-text-right">Open Rate</th>
              <th scope="col" className="has-text-right">Reply Rate</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s) => (
              <tr key={s.step} data-step={s.step}>
                <th scope="row">{s.step === 1 ? 'First email' : `Follow-up ${s.step - 1}`}</th>
                <td className="has-text-right">{formatCount(s.sent)}</td>
                <td className="has-text-right">{formatCount(s.opened)}</td>
                <td className="has-text-right">{formatCount(s.clicked)}</td>
                <td className="has-text-right">{formatCount(s.replied)}</td>
                <td className="has-text-right">{rate(s.open_rate)}</td>
                <td className="has-text-right">{rate(s.reply_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
