// Ramp-up allowances by day (the clock injected as a date), and which mailbox a new thread takes.
import { describe, expect, it } from 'vitest';
import { allowance, rampDay, rampWarning } from '../../src/core/mailboxes/ramp.ts';
import { pickMailbox, spacedUntil } from '../../src/core/mailboxes/rotation.ts';

const DAY = 86_400_000;
const start = new Date('2026-11-02T09:00:00Z');
const rules = { startPerDay: 10, stepPerDay: 3 };
const at = (days: number, hours = 0) => new Date(start.getTime() + days * DAY + hours * 3_600_000);

describe('ramp-up', () => {
  it('starts small and grows by the step each day up to the cap', () => {
    const m = { dailyCap: 40, ramp: true, rampStartedAt: start };
    const byDay = [0, 1, 2, 5, 9, 10, 11, 30].map((d) => [rampDay(m, at(d, 1)), allowance(m, at(d, 1), rules)]);
    expect(byDay).toEqual([
      [1, 10],
      [2, 13],
      [3, 16],
      [6, 25],
      [10, 37],
      [11, 40],
      [12, 40],
      [31, 40],
    ]);
  });

  it('counts whole days from the start: the allowance changes 24 hours later, not at midnight', () => {
    const m = { dailyCap: 40, ramp: true, rampStartedAt: start };
    expect(allowance(m, at(0, 23.9), rules)).toBe(10);
    expect(allowance(m, at(1, 0), rules)).toBe(13);
    // A clock behind the start (a skewed host) is day 1, never a negative allowance.
    expect(allowance(m, at(-2), rules)).toBe(10);
  });

  it('gives the cap at once when the ramp is skipped, and says what that risks', () => {
    const m = { dailyCap: 40, ramp: false, rampStartedAt: start };
    expect(allowance(m, at(0), rules)).toBe(40);
    expect(rampWarning(m)).toMatch(/may send 40 emails from its first day.*spam/);
    expect(rampWarning({ ...m, ramp: true })).toBeNull();
  });

  it('has no limit of its own without a cap and without the ramp (mailbox 1 as migrated)', () => {
    expect(allowance({ dailyCap: null, ramp: false, rampStartedAt: start }, at(3), rules)).toBeNull();
    expect(allowance({ dailyCap: null, ramp: true, rampStartedAt: start }, at(3), rules)).toBe(19);
  });
});

describe('choosing a mailbox', () => {
  it('takes the one with the most room, then the one idle longest, then the oldest', () => {
    expect(pickMailbox([{ id: 1, room: 3, lastSentAt: null }, { id: 2, room: 7, lastSentAt: at(0) }])).toBe(2);
    expect(pickMailbox([{ id: 1, room: 5, lastSentAt: at(0, 2) }, { id: 2, room: 5, lastSentAt: at(0, 1) }])).toBe(2);
    expect(pickMailbox([{ id: 3, room: 5, lastSentAt: null }, { id: 2, room: 5, lastSentAt: null }])).toBe(2);
    expect(pickMailbox([{ id: 1, room: Infinity, lastSentAt: null }, { id: 2, room: 40, lastSentAt: null }])).toBe(1);
  });

  it('takes none when none has room', () => {
    expect(pickMailbox([{ id: 1, room: 0, lastSentAt: null }, { id: 2, room: -2, lastSentAt: null }])).toBeUndefined();
    expect(pickMailbox([])).toBeUndefined();
  });

  it('spaces two sends of a mailbox by its minimum gap', () => {
    const last = at(0);
    expect(spacedUntil(last, 180, new Date(last.getTime() + 60_000))).toEqual(new Date(last.getTime() + 180_000));
    expect(spacedUntil(last, 180, new Date(last.getTime() + 180_000))).toBeUndefined();
    expect(spacedUntil(null, 180, last)).toBeUndefined();
    expect(spacedUntil(last, 0, last)).toBeUndefined();
  });
});
