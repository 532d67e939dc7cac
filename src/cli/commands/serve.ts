import type { Command } from 'commander';
import type { AddressInfo } from 'node:net';
import { STAGES, type Stage } from '../../core/pipeline/jobs.ts';
import { stopOnSignal } from '../signals.ts';
import { parseStages, STAGES_HELP } from '../stages-option.ts';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Start the web dashboard and API (migrates the database and creates the first admin if needed)')
    .option('-p, --port <port>', 'port to listen on (env PORT, default 3000; 0 picks a free port)')
    .option('-H, --host <host>', 'address to listen on (env HOST, default 127.0.0.1)')
    .option('--stages <list>', `${STAGES_HELP} for its own worker: e.g. "search,analyze,draft" when audits run on hosts with Chromium`, parseStages)
    .action(async (opts: { port?: string; host?: string; stages?: Stage[] }) => {
      // The server loads only when it is started, not for every other command's --help.
      const [{ serve }, { WebSocketServer }, { buildContext }, { loadConfig }, { createApp }, { Runtime }] = await Promise.all([
        import('@hono/node-server'),
        import('ws'),
        import('../../app.ts'),
        import('../../config.ts'),
        import('../../server/app.ts'),
        import('../../runtime.ts'),
      ]);
      const config = loadConfig({ ...process.env, ...(opts.port !== undefined && { PORT: opts.port }), ...(opts.host && { HOST: opts.host }) });
      const ctx = await buildContext(config);

      const admin = await ctx.users.bootstrapAdmin(config.admin);
      if (admin?.generatedPassword) {
        console.log(`Created the first administrator.\n  username: ${admin.user.username}\n  password: ${admin.generatedPassword}`);
        console.log('This password is shown only once: sign in and change it (user menu → Change Password).');
      } else if (admin) {
        console.log(`Created the first administrator "${admin.user.username}" from OUTREACH_ADMIN_USERNAME.`);
      }

      // With no search key the sandbox web is the search provider: serve it alongside.
      // The ports the sandbox web took, for the audit process (which joins it rather than picking its own).
      const sandboxPorts: Record<string, string> = {};
      if ((await ctx.providers.searchKind()) === 'sandbox') {
        try {
          const web = await ctx.sandbox.start();
          Object.assign(sandboxPorts, { OUTREACH_SANDBOX_PORT: String(web.httpPort), OUTREACH_SANDBOX_HTTPS_PORT: String(web.httpsPort) });
          const where = `http://localhost:${web.httpPort}/`;
          console.log(`Sandbox web on ${where} (${web.sites.length} generated test sites; not real businesses)`);
          if (web.joined) {
            // Another outreach process (another data folder, a CLI run) serves these ports: say what that means here.
            const who = web.servedBy ? `outreach process ${web.servedBy}` : 'another outreach process';
            const trust = web.sharedAuthority ? 'the certificate authority all outreach processes of this user share' : `its certificate authority (${where}ca.pem)`;
            console.log(`  served by ${who}, which this one shares: its https sites are trusted through ${trust}; if it stops, this process serves the sandbox itself.`);
          }
          if (web.authority.problem) console.warn(`  The shared sandbox certificate authority is not used (${web.authority.problem}): this process signs with its own.`);
          ctx.sandbox.onTakeOver(() => console.log(`Sandbox web on ${where}: the process that served it stopped; this one serves it now.`));
        } catch (error) {
          console.warn(`The sandbox web could not start (${(error as Error).message}); set OUTREACH_SANDBOX_PORT to another port.`);
        }
      }

      // Every loop: the embedded pipeline worker (`outreach worker` adds more in other
      // processes), schedules, the sender, reply detection and the live channel.
      const { auditNotice, auditsApart } = await import('../audit-notice.ts');
      const notice = await auditNotice(ctx, opts.stages);
      if (notice) console.log(notice);
      // Where Chromium runs, audits go to a child worker (audit-process.ts) and serve's own takes the rest.
      const apart = await auditsApart(ctx, opts.stages);
      const stages = apart ? (opts.stages ?? STAGES).filter((stage) => stage !== 'audit') : opts.stages;
      const runtime = new Runtime(ctx, {
        ...(stages?.length !== 0 && { worker: { stages } }),
        ...(apart && { auditProcess: { log: (line: string) => console.log(line), env: sandboxPorts } }),
        scheduler: true,
        sender: true,
        replies: true,
        live: true,
      });
      await runtime.start();
      const app = createApp(ctx, runtime.live);
      const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, websocket: { server: new WebSocketServer({ noServer: true }) } });
      server.on('error', (error: NodeJS.ErrnoException) => {
        console.error(
          error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use: choose another with --port.` : error.message,
        );
        process.exit(1);
      });
      server.on('listening', () => {
        const { port } = server.address() as AddressInfo;
        // Tracking and unsubscribe links must carry the port actually chosen.
        if (!config.env.OUTREACH_PUBLIC_URL && config.port === 0) config.publicUrl = `http://localhost:${port}`;
        const host = config.host.includes(':') ? `[${config.host}]` : config.host;
        console.log(`Outreach listening on http://${host}:${port}`);
      });

      const stop = async () => {
        server.close();
        await runtime.stop();
        await ctx.close();
        process.exit(0);
      };
      stopOnSignal(stop);
    });
}
