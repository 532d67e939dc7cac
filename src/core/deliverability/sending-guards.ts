// The guards at work: every hard bounce and spam complaint, whoever reports it (the sender's
// own refusal, Brevo's and Resend's webhooks, a delivery or feedback-loop report in the reply
// mailbox), is recorded once per email and kind; then the rule (guards.ts) is read for the
// email's campaign and for all sending. A scope over a threshold is paused with its figures in
// the feed, and stays paused until an operator resumes it (recorded in the feed too). After a
// resume the window starts again from that moment: the sends before it were judged already.
// The sender asks `hold` before every email. A scope is a key, so a mailbox can be one later.
import { conflict, notFound } from '../errors.ts';
import type { EventSink } from '../events.ts';
import { evaluateGuard, type GuardFigures, type GuardThresholds, type WindowSend } from './guards.ts';
import type { CampaignGuard, GuardsState, SendingPauseOut } from '../model/sending-guards.ts';

export type GuardScope = { kind: 'all' } | { kind: 'campaign'; campaignId: number } | { kind: 'mailbox'; mailboxId: number };
export type SignalKind = 'hard_bounce' | 'complaint';

export const scopeKey = (s: GuardScope) => (s.kind === 'all' ? 'all' : s.kind === 'campaign' ? `campaign:${s.campaignId}` : `mailbox:${s.mailboxId}`);

export interface SendingPause {
  scope: GuardScope;
  cause: 'hard_bounces' | 'complaints';
  reason: string;
  figures: GuardFigures;
  pausedAt: Date;
}

export interface Signal {
  emailId: number;
  kind: SignalKind;
  /** Who reported it: "brevo: spam", "resend: email.complained", "reply mailbox: feedback report", ... */
  source: string;
  /** The provider's own id of the event (Svix message id, ...), kept for the record. */
  providerEventId?: string | null;
}

export interface GuardRepo {
  /** Stores the signal unless this email already has one of this kind; true when stored. */
  recordSignal(s: Signal, at: Date): Promise<boolean>;
  /** The campaign of an email (null for a hand-written one) and its mailbox (1 for one from before mailboxes); undefined when no such email. */
  emailCampaign(emailId: number): Promise<{ campaignId: number | null; mailboxId: number } | undefined>;
  /** The scope's sends since `since`, newest first, at most `limit`, with their signals. */
  windowSends(scope: GuardScope, since: Date, limit: number): Promise<WindowSend[]>;
  /** The scope's active pause, and when it was last resumed. */
  state(key: string): Promise<{ active?: SendingPause; resumedAt?: Date }>;
  /** Every active pause, oldest first. */
  activePauses(): Promise<SendingPause[]>;
  /** Stores an active pause unless the key has one; true when stored. */
  pause(key: string, p: SendingPause): Promise<boolean>;
  /** Ends the key's active pause; the pause ended, or undefined when none was active. */
  resume(key: string, by: string, at: Date): Promise<SendingPause | undefined>;
  campaignName(id: number): Promise<string | undefined>;
  mailboxLabel(id: number): Promise<string | undefined>;
  /** How many mailboxes send (not removed). */
  mailboxCount(): Promise<number>;
}

export interface SendingGuardDeps {
  repo: GuardRepo;
  events: EventSink;
  thresholds: () => GuardThresholds;
  now: () => Date;
  /** Called after a resume: queued emails may go again (the send loop wakes). */
  onResume?: () => void;
}

const DAY_MS = 86_400_000;

export class SendingGuards {
  constructor(private readonly d: SendingGuardDeps) {}

  /**
   * A hard bounce or complaint happened: recorded once, then the email's campaign and all sending
   * are judged. `onNew` runs when it is new, before the judging (its story comes before a pause's
   * in the feed). Returns whether it was new and the pauses it caused.
   */
  async record(signal: Signal, onNew?: () => Promise<void>): Promise<{ recorded: boolean; paused: SendingPause[] }> {
    const email = await this.d.repo.emailCampaign(signal.emailId);
    if (!email) return { recorded: false, paused: [] };
    const recorded = await this.d.repo.recordSignal(signal, this.d.now());
    if (!recorded) return { recorded, paused: [] };
    await onNew?.();
    const paused: SendingPause[] = [];
    for (const scope of await this.scopesOf(email.campaignId, email.mailboxId)) {
      const p = await this.judge(scope);
      if (p?.fresh) paused.push(p.pause);
    }
    return { recorded, paused };
  }

  /**
   * Why an email of this campaign, from this mailbox, must not go now (live sending paused, its
   * campaign or its mailbox), or undefined. Judges every scope first, so a rate that crossed with
   * the last send stops the next.
   */
  async hold(campaignId: number | null, mailboxId: number | null = null): Promise<{ reason: string; all: boolean } | undefined> {
    for (const scope of await this.scopesOf(campaignId, mailboxId)) {
      const p = await this.judge(scope);
      if (p) return { reason: holdText(scope, p.pause, await this.nameOf(scope)), all: scope.kind === 'all' };
    }
    return undefined;
  }

  /** A mailbox's active pause by the guard, if any (the mailbox's card shows it). */
  async mailboxPause(mailboxId: number): Promise<SendingPause | undefined> {
    return (await this.d.repo.state(scopeKey({ kind: 'mailbox', mailboxId }))).active;
  }

  /** Live sending, the campaign, and the mailbox when there are several (one mailbox is all sending: judged once). */
  private async scopesOf(campaignId: number | null, mailboxId: number | null): Promise<GuardScope[]> {
    const several = mailboxId !== null && (await this.d.repo.mailboxCount()) > 1;
    return [
      { kind: 'all' },
      ...(campaignId === null ? [] : [{ kind: 'campaign' as const, campaignId }]),
      ...(several ? [{ kind: 'mailbox' as const, mailboxId }] : []),
    ];
  }

  /** A mailbox's figures over the window (since its last resume), as the rule reads them. */
  async mailboxFigures(mailboxId: number): Promise<GuardsState['live_sending']['figures']> {
    return figuresOut((await this.figures({ kind: 'mailbox', mailboxId })).figures);
  }

  private nameOf(scope: GuardScope): Promise<string | undefined> {
    return scope.kind === 'campaign' ? this.d.repo.campaignName(scope.campaignId) : scope.kind === 'mailbox' ? this.d.repo.mailboxLabel(scope.mailboxId) : Promise.resolve(undefined);
  }

  /** Live sending's state and figures, and every paused campaign (the API, the CLI, the dashboard). */
  async overview(): Promise<GuardsState> {
    const live = await this.figures({ kind: 'all' });
    const active = await this.d.repo.activePauses();
    const of = (kind: GuardScope['kind']) => Promise.all(active.filter((p) => p.scope.kind === kind).map((p) => this.out(p)));
    return {
      live_sending: { paused: live.pause && (await this.out(live.pause)), figures: figuresOut(live.figures) },
      paused_campaigns: await of('campaign'),
      paused_mailboxes: await of('mailbox'),
      thresholds: thresholdsOut(this.d.thresholds()),
    };
  }

  /** One campaign's guard: its pause, if any, and the figures the rule reads now. */
  async campaign(campaignId: number): Promise<CampaignGuard> {
    const f = await this.figures({ kind: 'campaign', campaignId });
    return { campaign_id: campaignId, paused: f.pause && (await this.out(f.pause)), figures: figuresOut(f.figures), thresholds: thresholdsOut(this.d.thresholds()) };
  }

  private async figures(scope: GuardScope): Promise<{ pause: SendingPause | null; figures: GuardFigures }> {
    const state = await this.d.repo.state(scopeKey(scope));
    const verdict = evaluateGuard(await this.window(scope, state.resumedAt), this.d.thresholds(), this.d.now());
    return { pause: state.active ?? null, figures: verdict.figures };
  }

  private async out(p: SendingPause): Promise<SendingPauseOut> {
    const id = p.scope.kind === 'campaign' ? p.scope.campaignId : null;
    const mailboxId = p.scope.kind === 'mailbox' ? p.scope.mailboxId : null;
    return {
      scope: scopeKey(p.scope),
      campaign_id: id,
      campaign_name: id === null ? null : ((await this.d.repo.campaignName(id)) ?? null),
      mailbox_id: mailboxId,
      mailbox_label: mailboxId === null ? null : ((await this.d.repo.mailboxLabel(mailboxId)) ?? null),
      cause: p.cause,
      reason: p.reason,
      figures: figuresOut(p.figures),
      paused_at: p.pausedAt.toISOString(),
    };
  }

  /** An operator resumes a paused scope: recorded in the feed; its window starts again now. */
  async resume(scope: GuardScope, by: string): Promise<SendingPause> {
    const name = await this.nameOf(scope);
    if (scope.kind === 'campaign' && name === undefined) throw notFound(`Campaign ${scope.campaignId} not found`);
    if (scope.kind === 'mailbox' && name === undefined) throw notFound(`Mailbox ${scope.mailboxId} not found`);
    const ended = await this.d.repo.resume(scopeKey(scope), by, this.d.now());
    const what = scope.kind === 'all' ? 'Live sending' : scope.kind === 'campaign' ? `Sending for campaign "${name}"` : `Sending from mailbox "${name}"`;
    if (!ended) throw conflict(scope.kind === 'all' ? 'Live sending is not paused' : scope.kind === 'campaign' ? `Sending for campaign ${scope.campaignId} ("${name}") is not paused` : `${what} is not paused by the guard`);
    await this.d.events.emit({
      campaignId: scope.kind === 'campaign' ? scope.campaignId : null,
      activityType: 'sending_resumed',
      status: 'info',
      message: `${what} resumed by ${by} (it was paused: ${ended.reason}); the guard reads the sends from now on`,
      details: { scope: scopeKey(scope), resumed_by: by, paused_reason: ended.reason },
    });
    this.d.onResume?.();
    return ended;
  }

  /** The scope's active pause, pausing it first when its window is over a threshold. */
  private async judge(scope: GuardScope): Promise<{ pause: SendingPause; fresh: boolean } | undefined> {
    const key = scopeKey(scope);
    const state = await this.d.repo.state(key);
    if (state.active) return { pause: state.active, fresh: false };
    const now = this.d.now();
    const verdict = evaluateGuard(await this.window(scope, state.resumedAt), this.d.thresholds(), now);
    if (!verdict.stop) return undefined;
    const pause: SendingPause = { scope, cause: verdict.cause, reason: verdict.reason, figures: verdict.figures, pausedAt: now };
    if (!(await this.d.repo.pause(key, pause))) {
      const active = (await this.d.repo.state(key)).active; // another process paused it first
      return active && { pause: active, fresh: false };
    }
    await this.d.events.emit({
      campaignId: scope.kind === 'campaign' ? scope.campaignId : null,
      activityType: 'sending_paused',
      status: 'error',
      message:
        scope.kind === 'all'
          ? `Live sending paused: ${verdict.reason} across all campaigns`
          : scope.kind === 'mailbox'
            ? `Mailbox "${(await this.d.repo.mailboxLabel(scope.mailboxId)) ?? scope.mailboxId}" paused: ${verdict.reason}`
            : `Paused: ${verdict.reason}`,
      details: {
        scope: key,
        cause: verdict.cause,
        sends: verdict.figures.sends,
        hard_bounces: verdict.figures.hardBounces,
        complaints: verdict.figures.complaints,
        resume: resumeCommand(scope),
      },
    });
    return { pause, fresh: true };
  }

  private window(scope: GuardScope, resumedAt: Date | undefined): Promise<WindowSend[]> {
    const t = this.d.thresholds();
    const start = this.d.now().getTime() - t.windowDays * DAY_MS;
    const since = new Date(Math.max(start, resumedAt?.getTime() ?? 0));
    return this.d.repo.windowSends(scope, since, t.windowSends);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
const figuresOut = (f: GuardFigures) => ({ sends: f.sends, hard_bounces: f.hardBounces, complaints: f.complaints, hard_bounce_rate: round(f.hardBounceRate), complaint_rate: round(f.complaintRate) });
const thresholdsOut = (t: GuardThresholds) => ({ hard_bounce_percent: t.hardBouncePercent, complaint_percent: t.complaintPercent, min_sends: t.minSends, window_sends: t.windowSends, window_days: t.windowDays });

const resumeCommand = (scope: GuardScope) => `outreach guards resume ${scope.kind === 'all' ? 'all' : scope.kind === 'campaign' ? scope.campaignId : `mailbox:${scope.mailboxId}`}`;

function holdText(scope: GuardScope, p: SendingPause, name: string | undefined): string {
  const what = scope.kind === 'all' ? 'Live sending' : scope.kind === 'campaign' ? `Sending for campaign "${name ?? scope.campaignId}"` : `Sending from mailbox "${name ?? scope.mailboxId}"`;
  return `${what} is paused by the bounce and complaint guard (${p.reason}): an operator must resume it (${resumeCommand(scope)})`;
}
