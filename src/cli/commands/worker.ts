import type { Command } from 'commander';
import { buildContext } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { Runtime } from '../../runtime.ts';
import { printLine } from '../output/print.ts';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run pipeline jobs from the shared database until stopped (several may run at once)')
    .option('-c, --concurrency <n>', 'jobs at a time', (v) => Number(v))
    .option('--lease <seconds>', 'how long a silent worker keeps its jobs (renewed while working)', (v) => Number(v))
    .action(async (opts: { concurrency?: number; lease?: number }) => {
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
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
