// The product as users run it is bin/outreach.js on the compiled dist/. The launcher runs the
// sources through tsx when dist/ is missing or older than src/, which would test src/ instead
// (and hide a bug that lives only in the bundle, like two copies of a library): suites that
// spawn the product check this before and after it starts, and refuse to test the sources.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');

/** The first file or folder under `dir` changed after `time` (as bin/outreach.js decides), or undefined. */
function changedAfter(dir: string, time: number): string | undefined {
  if (statSync(dir).mtimeMs > time) return dir;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const changed = entry.isDirectory() ? changedAfter(path, time) : statSync(path).mtimeMs > time ? path : undefined;
    if (changed) return changed;
  }
  return undefined;
}

/** Why bin/outreach.js would not run dist/ now, or undefined when it would. */
export function distNotCurrent(): string | undefined {
  let builtAt: number;
  try {
    builtAt = Number(readFileSync(join(DIST, '.build-stamp'), 'utf8'));
  } catch {
    return 'dist/ has not been built (no dist/.build-stamp)';
  }
  if (!(builtAt > 0)) return 'dist/.build-stamp is unreadable';
  const changed = changedAfter(SRC, builtAt);
  return changed && `${relative(ROOT, changed)} changed after dist/ was built`;
}

/** An error saying why this suite cannot test the compiled product now. */
export const distStale = (why: string) =>
  new Error(`${why}: this suite tests the compiled product (bin/outreach.js on dist/), and bin/outreach.js would run the sources instead. Run \`npm run build\` first (\`npm test\` does).`);
