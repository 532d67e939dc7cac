// Whether the compiled dist/ is current: the launcher (bin/outreach.js) runs it only then, and the
// suites that spawn the product (tests/support/dist.ts) refuse to test the sources otherwise.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The first file or folder under `dir` changed after `time`, or undefined: an edit changes the
 * file's mtime; adding, deleting or renaming a file changes its folder's. (~300 stats: a few ms.) */
function changedAfter(dir, time) {
  if (statSync(dir).mtimeMs > time) return dir;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const changed = entry.isDirectory() ? changedAfter(path, time) : statSync(path).mtimeMs > time ? path : undefined;
    if (changed) return changed;
  }
  return undefined;
}

/** Why `root`/dist/ should not run now, or undefined when its build stamp (when the build
 * started) is newer than everything in `root`/src/ (or there is no src/: a built package). */
export function distNotCurrent(root) {
  const src = join(root, 'src');
  let builtAt;
  try {
    builtAt = Number(readFileSync(join(root, 'dist', '.build-stamp'), 'utf8'));
  } catch {
    return 'dist/ has not been built (no dist/.build-stamp)'; // or a build still running or failed
  }
  if (!(builtAt > 0)) return 'dist/.build-stamp is unreadable';
  if (!statSync(src, { throwIfNoEntry: false })) return undefined;
  try {
    const changed = changedAfter(src, builtAt);
    return changed && `${relative(root, changed)} changed after dist/ was built`;
  } catch {
    return 'a file under src/ vanished while it was checked (someone is editing)';
  }
}
