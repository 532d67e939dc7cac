import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendLoop, type SendLoopDeps } from '../../src/core/emails/send-loop.ts';
import type { EmailSender, SendOutcome } from '../../src/core/emails/sender.ts';
import type { ActivityEvent } from '../../src/core/events.ts';
import { localSlot } from '../../src/core/scheduling/optimal-time.ts';
import { localTimezone, openZones, windowEnd, type SendingWindow } from '../../src/core/scheduling/windows.ts';
import { fakeClock } from '../support/fake-clock.ts';

const DAY_MS = 24 * 3600_000;
const NOW = Date.parse('2026-03-10T15:30:00Z');

type SendDueOpts = Parameters<EmailSender['sendDue']>[0];

/** The sender's methods SendLoop uses, recording the order of calls; its recipients have no known zone (the server's clock). */
function fakeSender(outcomes: (opts: SendDueOpts) => SendOutcome[] | Promise<SendOutcome[]> = () => [], windows: () => Promise<SendingWindow[]> = async () => []) {
  const calls: string[] = [];
  const sendDueOpts: SendDueOpts[] = [];
  const sender = {
    reconcile: async () => {
      calls.push('reconcile');
      return 0;
    },
    openNow: async (now: Date) => openZones(now, await windows(), [null]),
    sendDue: async (opts: SendDueOpts) => {
      calls.push('sendDue');
      sendDueOpts.push(opts);
      return outcomes(opts);
    },
  };
  return { sender: sender as unknown as EmailSender, calls, sendDueOpts };
}

/** Windows built from the server's own time zone (the one SendLoop reads them in). */
function windowsAround(at: number): { inside: SendingWindow[]; outside: SendingWindow[] } {
  const { day, hour } = localSlot(new Date(at), localTimezone());
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const otherDay = day === 'Monday' ? 'Tuesday' : 'Monday';
  return {
    inside: [{ day: otherDay, time_range: '00:00-24:00' }, { day, time_range: `${hh(hour)}-${hh(hour + 1)}` }],
    outside: [{ day: otherDay, time_range: '00:00-24:00' }, ...(hour > 0 ? [{ day, time_range: `00:00-${hh(hour)}` }] : [])],
  };
}

describe('pacing live-campaign emails', () => {
  const liveOnly = (o: SendDueOpts) => (o.unscheduled ? [sent] : []);

  it('sends one live email per pass, then waits the pace (here the daily target\'s even pace)', async () => {
    const { loop, clock, sendDueOpts } = setup({ outcomes: liveOnly });
    await loop.tick();
    await loop.tick();
    expect(sendDueOpts.filter((o) => o.unscheduled)).toHaveLength(1);
    clock.t += DAY_MS / 50 - 1; // 50 a day: one every 28.8 minutes
    await loop.tick();
    expect(sendDueOpts.filter((o) => o.unscheduled)).toHaveLength(1);
    clock.t += 1;
    await loop.tick();
    expect(sendDueOpts.filter((o) => o.unscheduled)).toHaveLength(2);
  });

  it('goes faster when the window closes soon, to get through what waits', async () => {
    const { inside } = windowsAround(NOW);
    const { loop, clock, sendDueOpts } = setup({ outcomes: liveOnly, windows: async () => inside });
    await loop.tick();
    const pace = Math.max(2000, ((windowEnd(new Date(NOW), inside)!.getTime() - NOW) / 10));
    expect(pace).toBeLessThan(DAY_MS / 50);
    clock.t += pace - 1;
    await loop.tick();
    expect(sendDueOpts.filter((o) => o.unscheduled)).toHaveLength(1);
    clock.t += 1;
    await loop.tick();
    expect(sendDueOpts.filter((o) => o.unscheduled)).toHaveLength(2);
  });

  it('does not send live emails when operators\' emails were held up', async () => {
    const { loop, sendDueOpts } = setup({ outcomes: () => [deferred] });
    await loop.tick();
    expect(sendDueOpts.map((o) => o.unscheduled)).toEqual([false]);
  });
});

describe('reporting a hold-up', () => {
  it('says once why queued emails wait, and again only when the reason changes', async () => {
    let outcomes: SendOutcome[] = [{ result: 'deferred', id: 1, reason: 'Email sending is turned off in Settings', why: 'disabled' }];
    const { loop, events } = setup({ outcomes: () => outcomes });
    await loop.tick();
    await loop.tick();
    expect(events.map((e) => e.message)).toEqual(['Queued emails are waiting: Email sending is turned off in Settings']);
    outcomes = [{ result: 'sent', id: 1, providerMessageId: 'p' }];
    await loop.tick();
    outcomes = [{ result: 'deferred', id: 2, reason: 'Email sending is turned off in Settings', why: 'disabled' }];
    await loop.tick();
    expect(events).toHaveLength(2); // it cleared when mail flowed, so the same reason is news again
    expect(events[1]).toMatchObject({ activityType: 'sending', status: 'warning' });
  });
});

function setup(over: Partial<SendLoopDeps> & { outcomes?: (opts: SendDueOpts) => SendOutcome[] | Promise<SendOutcome[]>; windows?: () => Promise<SendingWindow[]> } = {}) {
  const clock = fakeClock(NOW);
  const fake = fakeSender(over.outcomes, over.windows);
  const sentSinceArgs: Date[] = [];
  const events: ActivityEvent[] = [];
  const deps: SendLoopDeps = {
    sender: fake.sender,
    events: { emit: async (e) => void events.push(e) },
    targetPerDay: async () => 50,
    sentSince: async (since) => {
      sentSinceArgs.push(since);
      return 20;
    },
    liveWaiting: async () => 10,
    sendDelaySeconds: async () => 2,
    clock,
    pollMs: 1000,
    maxBackoffMs: 4000,
    ...over,
  };
  return { loop: new SendLoop(deps), clock, sentSinceArgs, events, ...fake };
}

const deferred: SendOutcome = { result: 'deferred', id: 1, reason: 'Email sending is turned off in Settings', why: 'disabled' };
const sent: SendOutcome = { result: 'sent', id: 1, providerMessageId: 'p-1' };

describe('SendLoop.tick', () => {
  it('settles interrupted sends first, then sends up to what is left of the rolling 24-hour target', async () => {
    const { loop, calls, sendDueOpts, sentSinceArgs } = setup();
    await loop.tick();
    expect(calls).toEqual(['reconcile', 'sendDue', 'sendDue']);
    expect(sentSinceArgs.map((d) => d.getTime())).toEqual([NOW - DAY_MS]);
    // What operators released first (up to 50 - 20), then one live email.
    expect(sendDueOpts.map((o) => [o.limit, o.unscheduled])).toEqual([[30, false], [1, true]]);
  });

  it('returns what the sender did and reports nothing itself', async () => {
    const { loop } = setup({ outcomes: () => [sent] });
    expect(await loop.tick()).toEqual([sent, sent]);
  });

  it.each([
    [50, 50],
    [50, 51],
    [0, 0],
  ])('does not send when the target (%i) is reached (%i sent in 24 h)', async (target, sentCount) => {
    const { loop, calls } = setup({ targetPerDay: async () => target, sentSince: async () => sentCount });
    expect(await loop.tick()).toEqual([]);
    expect(calls).toEqual(['reconcile']);
  });

  it('sends unscheduled emails only inside a sending window', async () => {
    const { inside, outside } = windowsAround(NOW);
    let windows = inside;
    const { loop, sendDueOpts } = setup({ windows: async () => windows });
    await loop.tick();
    windows = outside;
    await loop.tick();
    windows = [];
    await loop.tick(); // no windows: always inside
    expect(sendDueOpts.map((o) => o.unscheduled)).toEqual([false, true, false, false, true]);
  });

  it('passes the outcome callback through', async () => {
    const onOutcome = vi.fn();
    const { loop, sendDueOpts } = setup({ onOutcome });
    await loop.tick();
    expect(sendDueOpts[0].onOutcome).toBe(onOutcome);
  });
});

describe('SendLoop running', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once when started, then every pollMs while there is work', async () => {
    const { loop, calls } = setup({ outcomes: () => [sent] });
    const passes = () => calls.filter((c) => c === 'reconcile').length;
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(passes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes()).toBe(2);
    await loop.stop();
  });

  it('stop() aborts the current pass and prevents any further run', async () => {
    const { loop, calls, sendDueOpts } = setup({ outcomes: () => [sent] });
    loop.start();
    await vi.advanceTimersByTimeAsync(1000);
    const before = calls.length;
    expect(calls.filter((c) => c === 'reconcile')).toHaveLength(2); // two passes
    await loop.stop();
    expect(sendDueOpts.every((o) => o.signal?.aborted)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    loop.wake();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.length).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wake() before start() does nothing', async () => {
    const { loop, calls } = setup();
    loop.wake();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
  });

  it('backs off (doubling up to maxBackoffMs) while the sender is stopped, and wake() ends the backoff', async () => {
    const start = Date.now(); // the faked timers' clock
    const passes: number[] = [];
    const { loop } = setup({
      outcomes: () => {
        passes.push(Date.now() - start);
        return [deferred];
      },
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(passes).toEqual([0, 1000, 3000, 7000, 11_000]);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toEqual([0, 1000, 3000, 7000, 11_000, 11_000]);
    await loop.stop();
  });

  it('reports a failing pass and backs off instead of crashing', async () => {
    const onError = vi.fn();
    const boom = new Error('database is locked');
    const { loop, calls } = setup({ onError, targetPerDay: async () => Promise.reject(boom) });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(boom);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toEqual(['reconcile', 'reconcile']); // at 0 and 1000; the next is due at 3000
    await loop.stop();
  });

  it('wake() during a pass runs another pass right after it', async () => {
    let release!: () => void;
    let first = true;
    const { loop, calls } = setup({
      outcomes: () => {
        if (!first) return [sent];
        first = false;
        return new Promise<SendOutcome[]>((resolve) => (release = () => resolve([sent])));
      },
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c === 'sendDue')).toHaveLength(1);
    loop.wake(); // while the first pass is still sending
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c === 'reconcile')).toHaveLength(2); // a second pass, without waiting pollMs
    await loop.stop();
  });
});
