// Compiles src/ into dist/ for Node (no tsx at run time): `npm run build` runs it after the
// dashboard's vite build. Each source file becomes one .js file at the same place under dist/,
// so paths computed from import.meta (../web/dist, ./migrations) and the relative JSON imports
// (config/default.json, package.json) resolve exactly as they do from src/. Packages stay
// external: native modules (argon2, @libsql) and everything else load from node_modules.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** Keeps every relative import as an import of the sibling output file (.ts → .js). */
const keepRelativeImports = {
  name: 'keep-relative-imports',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path.replace(/\.tsx?$/, '.js'), external: true };
    });
  },
};

await build({
  entryPoints: files.filter((f) => isCode(f.name)).map((f) => join(f.parentPath, f.name)),
  outbase: src,
  outdir: staging,
  bundle: true, // with every import external this only transpiles, but lets the plugin rewrite paths
  packages: 'external',
  plugins: [keepRelativeImports],
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
});

// Files the code reads from disk next to itself (the SQL migrations).
for (const f of files.filter((f) => !isCode(f.name))) {
  const from = join(f.parentPath, f.name);
  cpSync(from, join(staging, relative(src, from)));
}

// The launcher runs dist/ only while this stamp is newer than everything in src/.
writeFileSync(join(staging, '.build-stamp'), `${startedAt}\n`);
rmSync(old, { recursive: true, force: true });
if (existsSync(dist)) renameSync(dist, old);
renameSync(staging, dist);
rmSync(old, { recursive: true, force: true });
console.log(`dist/: ${files.length} files from src/ compiled in ${Date.now() - startedAt} ms`);
