// Compiles src/ into dist/ for Node (no tsx at run time): `npm run build` runs it after the
// dashboard's vite build. The CLI and the modules others import from dist/ (the app, its config,
// the HTTP app) are bundled, split into chunks that load when their code is first needed (each
// command loads what it uses, as from src/): a command reads a few files instead of some 330
// (ours, zod's, drizzle's), about 30% less time to start. Every output file sits at the top of
// dist/, as src/paths.ts sits at the top of src/, so the folders it finds from there hold for
// both. The packages bundled are plain JavaScript read at start; the rest (native modules,
// SDKs, the crawler's and the terminal UI's) load from node_modules when first used.
// What ships holds ONE copy of each library: a package that imports a bundled one is bundled
// too (else it would load node_modules' copy beside ours, and an `instanceof` across the two
// fails: the validator's HTTPException answered 500); the build fails if one is not.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

// The packages chosen for their start time, then those that import one of them (checkOneCopy).
const BUNDLED = ['zod', 'drizzle-orm', 'commander', '@libsql/core', 'js-base64', 'hono', '@hono/zod-openapi', '@hono/node-server', '@asteasolutions/zod-to-openapi', 'openapi3-ts', '@hono/zod-validator', '@libsql/client', '@libsql/hrana-client'];
const packageOf = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

/** The folder Node loads package `name` from when a file in `fromDir` imports it (the nearest node_modules/<name> up the tree). */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === dirname(dir)) return undefined; // a Node built-in, or not installed
  }
}
/** The folder of the package a file belongs to (the folder under its last node_modules/), or undefined for ours. */
function packageRootOf(file) {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  return realpathSync(parts.slice(0, at + (parts[at + 1].startsWith('@') ? 3 : 2)).join('/'));
}
/** What a package's code may import: everything its package.json says it needs. */
function dependenciesOf(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies });
}
/** For the package in `dir`, the first chain of packages (its own name first) through which Node
 * would load one of the folders in `targets`, or undefined if it loads none of them. */
function chainTo(dir, targets, memo = new Map(), visiting = new Set()) {
  if (memo.has(dir)) return memo.get(dir);
  const name = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name ?? dir;
  if (targets.has(dir)) return [name];
  if (visiting.has(dir)) return undefined; // a cycle: whatever it reaches, its first visit finds
  visiting.add(dir);
  let found;
  for (const dep of dependenciesOf(dir)) {
    const depDir = packageDir(dep, dir);
    const rest = depDir && chainTo(depDir, targets, memo, visiting);
    if (rest) {
      found = [name, ...rest];
      break;
    }
  }
  visiting.delete(dir);
  memo.set(dir, found);
  return found;
}

/** Every package the bundle leaves to node_modules: its folder -> one file that imports it. */
const externals = new Map();
const packageRule = {
  name: 'one-copy-of-each-package',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const name = packageOf(args.path);
      if (BUNDLED.includes(name)) return undefined;
      const dir = packageDir(name, args.resolveDir); // undefined for node:fs and the like
      if (dir && !externals.has(dir)) externals.set(dir, args.importer);
      return { path: args.path, external: true };
    });
  },
};

/** Fails the build when a package left to node_modules would load a package the bundle carries
 * (a second copy of it: classes, singletons and `instanceof` split in two). */
function checkOneCopy(metafile) {
  // Inputs are paths relative to the root, or "<namespace>:<absolute path>" for a plugin's (zod's English locales).
  const bundledDirs = new Set(Object.keys(metafile.inputs).map((input) => packageRootOf(resolve(root, input.replace(/^[\w-]+:/, '')))).filter(Boolean));
  const problems = [];
  const memo = new Map();
  for (const [dir, importer] of externals) {
    const chain = chainTo(dir, bundledDirs, memo);
    if (chain) problems.push(`${chain.join(' -> ')} (${relative(root, importer)} imports ${chain[0]}; dist/ bundles ${chain.at(-1)})`);
  }
  if (problems.length) {
    throw new Error(`dist/ would load a second copy of packages it bundles, from node_modules:\n  ${problems.join('\n  ')}\nBundle the packages that import them (add them to BUNDLED in scripts/build-dist.mjs) or stop bundling the packages they import.`);
  }
}

// zod's namespace re-exports its 64 locales (some 290 KB that every command using zod would
// compile at start); the product speaks to zod in English only, the locale zod sets itself.
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => (/[/]node_modules[/]zod[/]/.test(args.importer) ? { path: join(dirname(args.importer), args.path), namespace: 'zod-locales' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({ contents: "export { default as en } from './en.js';", resolveDir: dirname(args.path) }));
  },
};

const result = await build({
  entryPoints: { cli: join(src, 'cli/main.ts'), app: join(src, 'app.ts'), config: join(src, 'config.ts'), 'server-app': join(src, 'server/app.ts') },
  outdir: staging,
  bundle: true,
  splitting: true,
  plugins: [packageRule, englishOnlyZod],
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  jsx: 'automatic',
  sourcemap: true,
  // commander is CommonJS: its require('node:events') needs a require in an ES module.
  banner: { js: "import { createRequire as __outreachCreateRequire } from 'node:module'; const require = __outreachCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
});
try {
  checkOneCopy(result.metafile);
} catch (error) {
  rmSync(staging, { recursive: true, force: true }); // dist/ stays as it was
  throw error;
}

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
