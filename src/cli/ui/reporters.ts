// Where a foreground campaign run is shown: NDJSON for scripts (--json), plain lines when
// piped. The Ink view for terminals is in ink-reporter.tsx. All three take the same calls.
import type { ActivityItem } from '../../core/activity/feed.ts';
import { printJson, printLine } from '../output/print.ts';
import { plainEvent } from './format.ts';
import type { NoticeTone } from './Notice.tsx';
import { progressOf, summaryOf, summaryText, nextStepText, type RunSnapshot } from './snapshot.ts';

export interface Outcome {
  text: string;
  tone: NoticeTone;
}

export interface Reporter {
  /** A fresh snapshot and the events that appeared since the last call (oldest first). */
  update(snapshot: RunSnapshot, fresh: ActivityItem[]): void;
  /** Something happening now that is not an event (e.g. "Pausing…"). */
  notice(text: string): void;
  /** The last word: the final snapshot and how it ended. */
  finish(snapshot: RunSnapshot, outcome: Outcome): Promise<void>;
}

/** --json: every event, progress when it changed, then the summary as the last line. Messages go to stderr. */
export class JsonReporter implements Reporter {
  private lastProgress = '';

  update(snapshot: RunSnapshot, fresh: ActivityItem[]): void {
    for (const { type, ...item } of fresh) printJson({ type, ...item });
    const progress = JSON.stringify(progressOf(snapshot));
    if (progress !== this.lastProgress) {
      this.lastProgress = progress;
      process.stdout.write(progress + '\n');
    }
  }

  notice(text: string): void {
    process.stderr.write(text + '\n');
  }

  async finish(snapshot: RunSnapshot, outcome: Outcome): Promise<void> {
    this.update(snapshot, []);
    if (outcome.tone !== 'success') process.stderr.write(outcome.text + '\n');
    printJson(summaryOf(snapshot));
  }
}

/** Piped without --json: `HH:MM:SS  status  message` per event, then a summary line. */
export class PlainReporter implements Reporter {
  update(_snapshot: RunSnapshot, fresh: ActivityItem[]): void {
    for (const item of fresh) printLine(plainEvent(item));
  }

  notice(text: string): void {
    printLine(text);
  }

  async finish(snapshot: RunSnapshot, outcome: Outcome): Promise<void> {
    printLine(summaryText(snapshot));
    if (outcome.tone !== 'success') printLine(outcome.text);
    const next = snapshot.campaign.status === 'COMPLETED' ? nextStepText(snapshot) : undefined;
    if (next) printLine(next);
  }
}
