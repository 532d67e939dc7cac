// serve's site audits run in a child process, `outreach worker --stages audit`, rather than in
// serve's own worker. Each audit forks Chromium and the Lighthouse CLI, and a fork from serve's
// large process blocks its only thread (about 16 ms a spawn at 93 MB, more at serve's 200 MB):
// the dashboard's requests waited behind them. The child shares the database and the queue
// like any other worker; serve starts it, restarts it if it dies and stops it when serve stops.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Set in the child's environment: stop when serve's end of the stdin pipe closes (serve died). */
export const STOP_WITH_PARENT = 'OUTREACH_STOP_WITH_PARENT';

const RESTART_MS = [1_000, 5_000, 15_000, 60_000];

export interface AuditProcessOptions {
  /** Where the child's lines go, each prefixed. */
  log: (line: string) => void;
  /** Added to this process's environment for the child: the sandbox ports serve chose. */
  env?: Record<string, string>;
}

export class AuditProcess {
  private child?: ChildProcess;
  private stopping = false;
  private restarts = 0;
  private restartTimer?: NodeJS.Timeout;
  private exited?: Promise<void>;

  constructor(private readonly options: AuditProcessOptions) {}

  private log(line: string): void {
    this.options.log(line);
  }

  start(): void {
    if (this.stopping) return;
    // The same binary and Node flags as this process (bin/outreach.js, or tsx in development).
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], 'worker', '--stages', 'audit'], {
      env: { ...process.env, ...this.options.env, [STOP_WITH_PARENT]: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C in serve's terminal reaches serve, which stops the
      // child once (a second signal would make the worker drop the audits in hand).
      detached: true,
    });
    this.child = child;
    const startedAt = Date.now();
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => this.log(`Audit worker: ${line}`));
    }
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.child = undefined;
        resolve();
        if (this.stopping) return;
        // A child that ran a good while before dying starts again at once; one that keeps dying backs off.
        if (Date.now() - startedAt > 60_000) this.restarts = 0;
        const wait = RESTART_MS[Math.min(this.restarts++, RESTART_MS.length - 1)];
        this.log(`Audit worker stopped (${signal ?? `exit code ${code}`}); starting it again in ${wait / 1000} s.`);
        this.restartTimer = setTimeout(() => this.start(), wait);
      });
      child.on('error', (error) => {
        this.log(`Audit worker could not start: ${error.message}`);
        if (child.pid === undefined) resolve();
      });
    });
  }

  /** Stops the child after the audits in hand (the worker's own Ctrl-C stop). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}
