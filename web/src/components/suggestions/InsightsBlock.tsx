// Performance insights: how many searches this account has run and what its history shows.
import type { PlannerInsights } from '../../../../src/core/model/suggestion.ts';

export function InsightsBlock({ data, failed }: { data: PlannerInsights | undefined; failed: boolean }) {
  return (
    <div className="box" aria-label="Performance insights">
      <p className="heading mb-2">Performance insights</p>
      {failed && !data ? (
        <p className="has-text-danger" role="alert">
          Failed to fetch insights
        </p>
      ) : data ? (
        <>
          <p className="mb-2">
            Total searches: <strong data-testid="total-searches">{data.insights.total_searches}</strong>
          </p>
          <p className="is-size-7">{data.insights.learnings}</p>
        </>
      ) : (
        <p className="has-text-grey">Loading…</p>
      )}
    </div>
  );
}
