// Deals (/deals): the board of deals after a reply, one column per stage with its count and
// total value. A card moves by drag and drop or with its "Move to…" menu; the server
// compares and sets on the stage the card showed, so a deal someone else moved meanwhile
// is refused (409) and the board reloads.
import { useState } from 'react';
import { ApiError, errorText } from '../api/client.ts';
import { DEAL_STAGE_LABELS, formatDealValue, updateDeal, useDealBoard, type DealCard, type DealColumn, type DealStage } from '../api/deals.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useToast } from '../components/Toasts.tsx';
import { DealCardView, DRAG_TYPE } from '../components/deals/DealCardView.tsx';
import '../components/deals/deals.css';

export function Deals() {
  const { data: board, error, mutate } = useDealBoard();
  const toast = useToast();
  const [moving, setMoving] = useState<number | null>(null);

  async function move(deal: Pick<DealCard, 'lead_id' | 'stage'> & { company?: string }, to: DealStage) {
    if (deal.stage === to || moving !== null) return;
    setMoving(deal.lead_id);
    try {
      await updateDeal(deal.lead_id, { stage: to, from_stage: deal.stage });
      toast.success(`${deal.company ?? 'Deal'} moved to ${DEAL_STAGE_LABELS[to]}`);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 409 ? 'Someone moved this deal meanwhile: the board is reloaded' : errorText(err, 'Failed to move the deal'));
    } finally {
      setMoving(null);
      await mutate();
    }
  }

  return (
    <>
      <PageHeader title="Deals" subtitle="Leads that replied, from interest to a signed project. Drag a card to another column, or use its Move to… menu." />
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load deals. Please try again.')}
        </div>
      ) : null}
      {!board && !error ? <p className="has-text-grey">Loading deals...</p> : null}
      {board ? (
        <div className="deal-board">
          {board.columns.map((column) => (
            <BoardColumn key={column.stage} column={column} moving={moving} onMove={(deal, to) => void move(deal, to)} />
          ))}
        </div>
      ) : null}
    </>
  );
}

function BoardColumn({ column, moving, onMove }: { column: DealColumn; moving: number | null; onMove: (deal: Pick<DealCard, 'lead_id' | 'stage'> & { company?: string }, to: DealStage) => void }) {
  const [over, setOver] = useState(false);
  const headingId = `deal-column-${column.stage}`;
  return (
    <section
      className={`deal-column deal-column-${column.stage}${over ? ' is-drop-target' : ''}`}
      aria-labelledby={headingId}
      data-stage={column.stage}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const data = event.dataTransfer.getData(DRAG_TYPE);
        if (!data) return;
        event.preventDefault();
        onMove(JSON.parse(data) as Pick<DealCard, 'lead_id' | 'stage' | 'company'>, column.stage);
      }}
    >
      <header className="deal-column-header">
        <h2 id={headingId} className="title is-6 mb-0">
          {column.label} <span className="tag is-rounded deal-count">{column.count}</span>
        </h2>
        <p className="is-size-7 has-text-grey deal-total">Total value {formatDealValue(column.total_value) || '0'}</p>
      </header>
      <div className="deal-cards">
        {column.deals.length === 0 ? <p className="is-size-7 has-text-grey deal-empty">No deals here</p> : null}
        {column.deals.map((deal) => (
          <DealCardView key={deal.lead_id} deal={deal} moving={moving === deal.lead_id} onMove={onMove} />
        ))}
        {column.count > column.deals.length ? <p className="is-size-7 has-text-grey">The {column.deals.length} most recently moved are shown.</p> : null}
      </div>
    </section>
  );
}
