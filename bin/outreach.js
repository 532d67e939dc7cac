#!/usr/bin/env node
// Launcher: runs the TypeScript sources through tsx when they are present (a clone),
// or the compiled dist/ when the package was built for distribution.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src', 'cli', 'main.ts');
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
} else {
  await import(pathToFileURL(join(root, 'dist', 'cli', 'main.js')).href);
}
