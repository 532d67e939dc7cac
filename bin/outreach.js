#!/usr/bin/env node
// Launcher: runs the compiled dist/ (`npm run build`) when it is at least as new as src/, else
// the TypeScript sources through tsx, so that someone who edits src/ never runs stale code.
// A package without src/ runs dist/ as it is.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { distNotCurrent } from './dist-current.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!distNotCurrent(root)) {
  await import(pathToFileURL(join(root, 'dist', 'cli.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
}
