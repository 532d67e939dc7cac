// The Ink view as a Reporter: keeps the latest events and re-renders RunView on each update.
import { render, type Instance } from 'ink';
import type { ActivityItem } from '../../core/activity/feed.ts';
import type { Outcome, Reporter } from './reporters.ts';
import { RunView, type RunViewProps } from './RunView.tsx';
import { nextStepText, type RunSnapshot } from './snapshot.ts';

const KEEP = 8;

export class InkReporter implements Reporter {
  private instance?: Instance;
  private events: ActivityItem[] = [];
  private notice_?: RunViewProps['notice'];
  private snapshot?: RunSnapshot;

  update(snapshot: RunSnapshot, fresh: ActivityItem[]): void {
    this.snapshot = snapshot;
    if (fresh.length) this.events = [...this.events, ...fresh].slice(-KEEP);
    this.draw();
  }

  notice(text: string): void {
    this.notice_ = { text, tone: 'info' };
    this.draw();
  }

  async finish(snapshot: RunSnapshot, outcome: Outcome): Promise<void> {
    this.snapshot = snapshot;
    this.notice_ = outcome;
    this.draw();
    if (!this.instance) return;
    this.instance.unmount();
    await this.instance.waitUntilExit();
    const next = snapshot.campaign.status === 'COMPLETED' ? nextStepText(snapshot) : undefined;
    if (next) process.stdout.write(`${next}\n`);
  }

  private draw(): void {
    if (!this.snapshot) return;
    const view = <RunView snapshot={this.snapshot} events={this.events} notice={this.notice_} maxEvents={KEEP} />;
    if (this.instance) this.instance.rerender(view);
    else this.instance = render(view, { exitOnCtrlC: false, patchConsole: true });
  }
}
