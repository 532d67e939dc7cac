// Analytics: "Subject A/B tests", one card per campaign that runs one, with its per-variant
// figures and verdicts. Shown only when some campaign has a test.
import { useId } from 'react';
import type { Campaign } from '../../api/campaigns.ts';
import { VariantResults } from './VariantResults.tsx';
import './abtests.css';

export function AbTestsPanel({ campaigns }: { campaigns: Campaign[] }) {
  const titleId = useId();
  const tested = campaigns.filter((c) => c.ab_test);
  if (tested.length === 0) return null;
  return (
    <section className="box analytics-panel ab-tests-panel mt-5" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Subject A/B tests
      </h2>
      <div className="columns is-multiline">
        {tested.map((c) => (
          <div className="column is-6-desktop" key={c.id} data-ab-campaign-id={c.id}>
            <p className="has-text-weight-semibold mb-1">{c.name}</p>
            <VariantResults ab={c.ab_test!} />
          </div>
        ))}
      </div>
    </section>
  );
}
