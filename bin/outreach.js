#!/usr/bin/env node
// Launcher: runs the compiled dist/ (`npm run build`) when it is at least as new as src/, else
// the TypeScript sources through tsx, so that someone who edits src/ never runs stale code.
// A package without src/ runs dist/ as it is.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const dist = join(root, 'dist');

/** Whether anything under `dir` changed after `time`: an edit changes the file's mtime;
 * adding, deleting or renaming a file changes its folder's. (~300 stats: a few ms.) */
function changedSince(dir, time) {
  if (statSync(dir).mtimeMs > time) return true;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? changedSince(path, time) : statSync(path).mtimeMs > time) return true;
  }
  return false;
}

/** dist/ is usable: its build stamp (when the build started) is newer than everything in src/. */
function distIsCurrent() {
  let builtAt;
  try {
    builtAt = Number(readFileSync(join(dist, '.build-stamp'), 'utf8'));
  } catch {
    return false; // never built, or a build still running or failed
  }
  if (!(builtAt > 0)) return false;
  if (!statSync(src, { throwIfNoEntry: false })) return true; // no src/: a built package
  try {
    return !changedSince(src, builtAt);
  } catch {
    return false; // a file vanished while we looked: someone is editing, run the sources
  }
}

if (distIsCurrent()) {
  await import(pathToFileURL(join(dist, 'cli.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(src, 'cli', 'main.ts')).href);
}
