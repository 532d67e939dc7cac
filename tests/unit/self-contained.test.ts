// `npm test` passes on a fresh clone: no test reads a file outside the repository (the team's
// shared folder sits beside the repository on our machines, but not in a clone).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TESTS = join(ROOT, 'tests');

/** Relative paths written in a test file ('../x', "../../y"), resolved from its folder. */
function pathsOutside(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/['"`]((?:\.\.\/)+[^'"`$\s]*)/g)) {
    const target = resolve(dirname(file), m[1]);
    if (relative(ROOT, target).startsWith('..')) found.push(m[1]);
  }
  return found;
}

describe('the test suite is self-contained', () => {
  it('names no path outside the repository', () => {
    const files = readdirSync(TESTS, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && /\.(ts|mjs|js)$/.test(f.name) && !f.parentPath.includes('fixtures'))
      .map((f) => join(f.parentPath, f.name));
    expect(files.length).toBeGreaterThan(100);
    const outside = files.flatMap((f) => pathsOutside(f).map((p) => `${relative(ROOT, f)}: ${p}`));
    expect(outside).toEqual([]);
  });
});
