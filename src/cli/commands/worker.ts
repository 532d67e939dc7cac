import type { Command } from 'commander';
import type { Stage } from '../../core/pipeline/jobs.ts';
import { parseStages, STAGES_HELP } from '../stages-option.ts';
import { printLine } from '../output/print.ts';
import { stopOnSignal } from '../signals.ts';
import { STOP_WITH_PARENT } from '../../audit-process.ts';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run pipeline jobs from the shared database until stopped (several may run at once)')
    .option('-c, --concurrency <n>', 'jobs at a time', (v) => Number(v))
    .option('--lease <seconds>', 'how long a silent worker keeps its jobs (renewed while working)', (v) => Number(v))
    .option('--stages <list>', `${STAGES_HELP}: e.g. "audit" on a host with Chromium`, parseStages)
    .action(async (opts: { concurrency?: number; lease?: number; stages?: Stage[] }) => {
      // Loaded only when a worker starts, not for --help.
      const [{ buildContext }, { loadConfig }, { Runtime }] = await Promise.all([import('../../app.ts'), import('../../config.ts'), import('../../runtime.ts')]);
      const ctx = await buildContext(loadConfig());
      const runtime = new Runtime(ctx, { worker: { concurrency: opts.concurrency, leaseMs: opts.lease ? opts.lease * 1000 : undefined, stages: opts.stages } });
      await runtime.start();
      const only = opts.stages ? `, ${opts.stages.join(' and ')} jobs only` : '';
      const byServe = Boolean(process.env[STOP_WITH_PARENT]);
      const how = byServe ? 'it stops with serve' : 'Ctrl-C stops it after the jobs in hand';
      printLine(`Worker ${runtime.worker!.id} running (${opts.concurrency ?? ctx.config.defaults.pipeline.worker_concurrency} at a time${only}); ${how}.`);
      const notice = await (await import('../audit-notice.ts')).auditNotice(ctx, opts.stages);
      if (notice) printLine(notice);
      let stopped = false;
      const stop = async () => {
        if (stopped) return;
        stopped = true;
        printLine('Stopping after the jobs in hand…');
        await runtime.stop();
        await ctx.close();
        process.exit(0);
      };
      stopOnSignal(stop);
      // Started by serve (audit-process.ts): serve's end of the stdin pipe closes when serve dies, even by kill -9.
      if (byServe) process.stdin.on('close', () => void stop()).resume();
    });
}

