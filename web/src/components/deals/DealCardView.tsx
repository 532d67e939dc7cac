// One deal on the board: drag it to another column, or pick a column in "Move to…" (the
// keyboard and screen-reader way to do the same).
import { useId } from 'react';
import { Link } from 'react-router';
import { DEAL_STAGES, DEAL_STAGE_LABELS, formatDealValue, type DealCard, type DealStage } from '../../api/deals.ts';

export const DRAG_TYPE = 'application/x-outreach-deal';

const days = (n: number | null) => (n === null ? '' : n === 0 ? 'today' : n === 1 ? '1 day' : `${n} days`);

export function DealCardView({ deal, moving, onMove }: { deal: DealCard; moving: boolean; onMove: (deal: DealCard, to: DealStage) => void }) {
  const moveId = useId();
  return (
    <article
      className={`deal-card${moving ? ' is-moving' : ''}`}
      draggable={!moving}
      aria-label={deal.company}
      data-lead-id={deal.lead_id}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ lead_id: deal.lead_id, stage: deal.stage, company: deal.company }));
        event.dataTransfer.effectAllowed = 'move';
      }}
    >
      <p className="deal-company">
        <Link to={`/leads/${deal.lead_id}`}>{deal.company}</Link>
      </p>
      {deal.campaign_name ? <p className="is-size-7 has-text-grey deal-campaign">{deal.campaign_name}</p> : null}
      <dl className="deal-facts is-size-7">
        <div>
          <dt>Value</dt>
          <dd>{formatDealValue(deal.value) || <span className="has-text-grey">none</span>}</dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{deal.assigned_to ?? <span className="has-text-grey">nobody</span>}</dd>
        </div>
        <div>
          <dt>In stage</dt>
          <dd>{days(deal.days_in_stage)}</dd>
        </div>
      </dl>
      <div className="select is-small is-fullwidth deal-move">
        <label className="is-sr-only" htmlFor={moveId}>
          Move {deal.company} to…
        </label>
        <select
          id={moveId}
          value=""
          disabled={moving}
          onChange={(event) => {
            if (event.target.value) onMove(deal, event.target.value as DealStage);
          }}
        >
          <option value="">Move to…</option>
          {DEAL_STAGES.filter((s) => s !== deal.stage).map((stage) => (
            <option key={stage} value={stage}>
              {DEAL_STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </div>
    </article>
  );
}
