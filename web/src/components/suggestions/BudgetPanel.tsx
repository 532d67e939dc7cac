// The monthly search budget: used, remaining and quota, with the low-quota warning
// (remaining above 0 and below 20) and the 'Fresh Start' notice (nothing used yet).
import defaults from '../../../../config/default.json';
import type { UsageToday } from '../../../../src/core/model/usage.ts';

const LOW_BELOW = defaults.quotas.low_search_quota_warning_below;

export function BudgetPanel({ usage, failed }: { usage: UsageToday | undefined; failed: boolean }) {
  if (failed && !usage) {
    return (
      <div className="notification is-danger is-light" role="alert">
        Failed to fetch usage
      </div>
    );
  }
  const used = usage?.serpapi_calls_this_month;
  const remaining = usage?.serpapi_remaining_this_month;
  const quota = usage?.serpapi_quota_monthly;
  const figure = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString());
  return (
    <div className="box suggestions-budget" aria-label="Search budget">
      <p className="heading mb-3">Monthly search budget</p>
      <nav className="level mb-2">
        {[
          ['Used this month', used],
          ['Remaining', remaining],
          ['Monthly quota', quota],
        ].map(([label, value]) => (
          <div key={label as string} className="level-item has-text-centered">
            <div>
              <p className="heading">{label}</p>
              <p className="title is-4" data-testid={`budget-${String(label).toLowerCase().replace(/\s+/g, '-')}`}>
                {figure(value as number | undefined)}
              </p>
            </div>
          </div>
        ))}
      </nav>
      {remaining !== undefined && remaining > 0 && remaining < LOW_BELOW ? (
        <div className="notification is-warning is-light mb-0">Low search quota: only {remaining} searches left this month. Choose campaigns carefully.</div>
      ) : null}
      {used === 0 ? (
        <div className="notification is-success is-light mb-0">
          <strong>Fresh Start</strong>: no searches used this month yet. Generating suggestions never spends one; only the campaigns you start do.
        </div>
      ) : null}
    </div>
  );
}
