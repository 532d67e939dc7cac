// How a long-running command (serve, worker, sandbox serve) stops on Ctrl-C or SIGTERM.
import { constants } from 'node:os';

/**
 * Runs `stop` on the first SIGINT or SIGTERM; a second one quits at once. The listeners stay
 * registered (process.on, not once): signal-exit, which modules loaded on first use bring
 * (Crawlee, Ink), re-raises a signal that no other listener handles, killing the process in
 * the middle of its clean stop.
 */
export function stopOnSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(128 + constants.signals[signal]);
    stopping = true;
    void stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
