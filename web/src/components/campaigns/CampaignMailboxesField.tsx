// A campaign's mailboxes (in its Sequence modal): which sending mailboxes its new threads go
// from, none ticked meaning every one. Shown once there are two mailboxes to choose from.
import { useState } from 'react';
import { setCampaignMailboxes, useCampaignMailboxes, useMailboxes, type Mailbox } from '../../api/mailboxes.ts';

export interface MailboxChoice {
  mailboxes: Mailbox[];
  value: number[];
  onChange: (ids: number[]) => void;
  /** Saves the choice when it changed. */
  save: () => Promise<void>;
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

export function useMailboxChoice(campaignId: number): MailboxChoice {
  const mailboxes = useMailboxes();
  const current = useCampaignMailboxes(campaignId);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const saved = current.data?.mailbox_ids ?? [];
  return {
    mailboxes: mailboxes.data ?? [],
    value: chosen ?? saved,
    onChange: setChosen,
    save: async () => {
      if (chosen !== null && !same(chosen, saved)) await setCampaignMailboxes(campaignId, chosen);
    },
  };
}

export function CampaignMailboxesField({ choice }: { choice: MailboxChoice }) {
  if (choice.mailboxes.length < 2) return null;
  const toggle = (id: number, on: boolean) => choice.onChange(on ? [...choice.value, id] : choice.value.filter((x) => x !== id));
  return (
    <fieldset className="field campaign-mailboxes">
      <legend className="label">Send from</legend>
      {choice.mailboxes.map((m) => (
        <label key={m.id} className="checkbox is-block mb-1">
          <input type="checkbox" checked={choice.value.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} /> {m.label}
          {m.from_email ? <span className="has-text-grey"> ({m.from_email})</span> : null}
          {m.paused ? <span className="tag is-warning is-light ml-2">Paused</span> : null}
        </label>
      ))}
      <p className="help">
        {choice.value.length === 0 ? 'None ticked: every mailbox, each new thread from the one with the most room today.' : 'New threads go from the mailboxes ticked.'} A thread
        already written keeps its mailbox.
      </p>
    </fieldset>
  );
}
