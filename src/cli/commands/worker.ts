import type { Command } from 'commander';
import { printLine } from '../output/print.ts';
import { stopOnSignal } from '../signals.ts';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run pipeline jobs from the shared database until stopped (several may run at once)')
    .option('-c, --concurrency <n>', 'jobs at a time', (v) => Number(v))
    .option('--lease <seconds>', 'how long a silent worker keeps its jobs (renewed while working)', (v) => Number(v))
    .action(async (opts: { concurrency?: number; lease?: number }) => {
      // Loaded only when a worker starts, not for --help.
      const [{ buildContext }, { loadConfig }, { Runtime }] = await Promise.all([import('../../app.ts'), import('../../config.ts'), import('../../runtime.ts')]);
      const ctx = await buildContext(loadConfig());
      const runtime = new Runtime(ctx, { worker: { concurrency: opts.concurrency, leaseMs: opts.lease ? opts.lease * 1000 : undefined } });
      await runtime.start();
      printLine(`Worker ${runtime.worker!.id} running (${opts.concurrency ?? ctx.config.defaults.pipeline.worker_concurrency} at a time). Ctrl-C stops it after the jobs in hand.`);
      const stop = async () => {
        printLine('Stopping after the jobs in hand…');
        await runtime.stop();
        await ctx.close();
        process.exit(0);
      };
      stopOnSignal(stop);
    });
}
