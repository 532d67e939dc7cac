import { InvalidArgumentError, type Command } from 'commander';
import type { SandboxSite } from '../../sandbox/site.ts';
import { printJson, printLine, printTable } from '../output/print.ts';
import { stopOnSignal } from '../signals.ts';

function whole(name: string, min: number, max: number) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    return value;
  };
}

interface WebOptions {
  sites?: number;
  seed?: string;
}

async function settings(opts: WebOptions & { port?: number; httpsPort?: number }) {
  // The generator and the config load when a sandbox command runs, not for --help.
  const { loadConfig } = await import('../../config.ts');
  const d = loadConfig().sandbox;
  return {
    seed: opts.seed ?? d.seed,
    sites: opts.sites ?? d.sites,
    httpPort: opts.port ?? d.httpPort,
    httpsPort: opts.httpsPort ?? d.httpsPort,
  };
}

/** Sites of one industry and/or city; the words are read like a search query. */
async function filterSites(sites: SandboxSite[], industry?: string, city?: string): Promise<SandboxSite[]> {
  if (!industry && !city) return sites;
  const { matchSites } = await import('../../sandbox/query.ts');
  const wanted = new Set(matchSites(sites, industry ?? '', city).map((s) => s.slug));
  return sites.filter((s) => wanted.has(s.slug));
}

export function registerSandbox(program: Command): void {
  const sandbox = program
    .command('sandbox')
    .description('The sandbox web: generated small-business websites on loopback, for demos and tests (not real businesses)');

  sandbox
    .command('serve')
    .description('Serve the sandbox web on 127.0.0.1 until Ctrl-C')
    .option('--sites <n>', 'how many sites to generate', whole('--sites', 1, 20000))
    .option('-p, --port <port>', 'http port (0 picks a free one)', whole('--port', 0, 65535))
    .option('--https-port <port>', 'https port (0 picks a free one)', whole('--https-port', 0, 65535))
    .option('--seed <seed>', 'generator seed (same seed, same sites)')
    .option('--no-slow', 'serve without delays (the "slow" sites, slow first bytes, slow render-blocking files)')
    .action(async (opts: WebOptions & { port?: number; httpsPort?: number; slow: boolean }) => {
      const s = await settings(opts);
      const { startSandbox } = await import('../../sandbox/server.ts');
      const web = await startSandbox({ ...s, host: '127.0.0.1', slow: opts.slow });
      const example = web.sites[0];
      printLine(`Sandbox web: ${web.sites.length} generated sites (seed "${s.seed}"), labelled as test data.`);
      printLine(`  http:  http://<slug>.localhost:${web.httpPort}/   e.g. http://${example.slug}.localhost:${web.httpPort}/`);
      printLine(`  https: https://<slug>.localhost:${web.httpsPort}/  (self-signed; certificate at http://localhost:${web.httpPort}/ca.pem)`);
      printLine(`  list:  http://localhost:${web.httpPort}/`);
      printLine('Press Ctrl-C to stop.');
      const stop = async () => {
        await web.close();
        process.exit(0);
      };
      stopOnSignal(stop);
    });

  sandbox
    .command('list')
    .description('List the sandbox sites with their URLs (--json adds the ground truth)')
    .option('-i, --industry <words>', 'e.g. "plumbers" or "dentist"')
    .option('-c, --city <city>', 'e.g. "Austin" or "Denver, CO"')
    .option('--sites <n>', 'how many sites to generate', whole('--sites', 1, 20000))
    .option('--seed <seed>', 'generator seed')
    .option('--json', 'one JSON object per line')
    .action(async (opts: WebOptions & { industry?: string; city?: string; json?: boolean }) => {
      const s = await settings(opts);
      const [{ generateSites }, { groundTruth }, { urlOf }, { industryByKey }] = await Promise.all([
        import('../../sandbox/generate.ts'),
        import('../../sandbox/truth.ts'),
        import('../../sandbox/urls.ts'),
        import('../../sandbox/catalog/industries.ts'),
      ]);
      const sites = await filterSites(generateSites({ seed: s.seed, count: s.sites }), opts.industry, opts.city);
      const ports = { httpPort: s.httpPort, httpsPort: s.httpsPort };
      if (opts.json) {
        for (const site of sites) printJson({ url: urlOf(site, ports), ...groundTruth(site) });
        return;
      }
      printTable(
        sites.map((site) => ({
          name: site.name,
          industry: industryByKey(site.industry).label,
          city: `${site.city}, ${site.state}`,
          url: urlOf(site, ports),
        })),
        ['name', 'industry', 'city', 'url'],
      );
    });
}
