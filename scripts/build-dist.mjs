// Compiles src/ into dist/ for Node (no tsx at run time): `npm run build` runs it after the
// dashboard's vite build. The CLI and the modules others import from dist/ (the app, its config,
// the HTTP app) are bundled, split into chunks that load when their code is first needed (each
// command loads what it uses, as from src/): a command reads a few files instead of some 330
// (ours, zod's, drizzle's), about 30% less time to start. Every output file sits at the top of
// dist/, as src/paths.ts sits at the top of src/, so the folders it finds from there hold for
// both. The packages bundled are plain JavaScript read at start; the rest (native modules,
// SDKs, the crawler's and the terminal UI's) load from node_modules when first used.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const dist = join(root, 'dist');
// Built beside dist/ (same depth, so the relative paths hold) and swapped in at the end:
// a CLI starting meanwhile runs the old dist/ or the new one, never a half-written one.
const staging = join(root, '.dist-build');
const old = join(root, '.dist-old');
// Taken before reading any source: an edit made while we build counts as newer than dist/.
const startedAt = Date.now();

const files = readdirSync(src, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
const isCode = (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');

rmSync(staging, { recursive: true, force: true });

const BUNDLED = ['zod', 'drizzle-orm', 'commander', '@libsql/core', 'js-base64', 'hono', '@hono/zod-openapi', '@hono/node-server', '@asteasolutions/zod-to-openapi', 'openapi3-ts'];
const packageOf = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
const onlyListedPackages = {
  name: 'only-listed-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'entry-point' || BUNDLED.includes(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
  },
};

// zod's namespace re-exports its 64 locales (some 290 KB that every command using zod would
// compile at start); the product speaks to zod in English only, the locale zod sets itself.
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => (/[/]node_modules[/]zod[/]/.test(args.importer) ? { path: join(dirname(args.importer), args.path), namespace: 'zod-locales' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({ contents: "export { default as en } from './en.js';", resolveDir: dirname(args.path) }));
  },
};

await build({
  entryPoints: { cli: join(src, 'cli/main.ts'), app: join(src, 'app.ts'), config: join(src, 'config.ts'), 'server-app': join(src, 'server/app.ts') },
  outdir: staging,
  bundle: true,
  splitting: true,
  plugins: [onlyListedPackages, englishOnlyZod],
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  jsx: 'automatic',
  sourcemap: true,
  // commander is CommonJS: its require('node:events') needs a require in an ES module.
  banner: { js: "import { createRequire as __outreachCreateRequire } from 'node:module'; const require = __outreachCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});

// Files the code reads from disk next to itself (the SQL migrations).
for (const f of files.filter((f) => !isCode(f.name))) {
  const from = join(f.parentPath, f.name);
  cpSync(from, join(staging, relative(src, from)));
}

// A process started from the previous build (a running `outreach serve`) loads its chunks
// when first needed: they stay beside the new ones (their names are hashes of their content)
// until the build after this one.
const built = readdirSync(staging).filter((name) => name.endsWith('.js') || name.endsWith('.js.map'));
const previous = existsSync(join(dist, '.build-files')) ? readFileSync(join(dist, '.build-files'), 'utf8').split('\n').filter(Boolean) : [];
for (const name of previous) if (!existsSync(join(staging, name)) && existsSync(join(dist, name))) cpSync(join(dist, name), join(staging, name));
writeFileSync(join(staging, '.build-files'), `${built.join('\n')}\n`);

// The launcher runs dist/ only while this stamp is newer than everything in src/.
writeFileSync(join(staging, '.build-stamp'), `${startedAt}\n`);
rmSync(old, { recursive: true, force: true });
if (existsSync(dist)) renameSync(dist, old);
renameSync(staging, dist);
rmSync(old, { recursive: true, force: true });
console.log(`dist/: ${files.filter((f) => isCode(f.name)).length} source files bundled in ${Date.now() - startedAt} ms`);
