// One room per capability (DESIGN.md): src/core's folders import each other one way, and
// replies are entered through core/replies/index.ts alone. Read from the import statements of
// the sources themselves (type-only imports count: a type in the wrong room is a rule in the
// wrong room), so a new back-arrow fails here with the files that make it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const core = join(repo, 'src/core');

/**
 * Back-arrows between core folders that remain to be taken out (each closes a cycle). The test
 * fails on any cycle left once these are set aside, and on an entry that no longer exists:
 * remove it from here when its imports are gone.
 */
const KNOWN_BACK_ARROWS = [
  'campaigns -> pipeline', // campaigns/service.ts: jobs, worker ids, the pipeline store, failure reasons
  'leads -> campaigns', // leads/list-import.ts: starts the imported list's campaign
  'leads -> pipeline', // leads/list-file.ts: the contact email rules and the pipeline store
  'leads -> deals', // leads/service.ts: deal stages and values in the lead view
  'leads -> sequences', // leads/service.ts: why a lead's follow-ups stopped
  'leads -> emails', // leads/lifecycle.ts, leads/service.ts: email statuses
  'scheduling -> campaigns', // scheduling/service.ts: the campaign's timezone and windows
  'settings -> emails', // settings/service.ts: the suppression list and the test email
  'model -> emails', // model/email.ts: the emails cursor; model/lead.ts: SENT_EMAIL_STATUSES
];

/** Relative import specifiers of a source file: import/export … from '…' and import('…'). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s*'(\.[^']+)'|^\s*import\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gm)) found.push(m[1] ?? m[2] ?? m[3]);
  return found;
}

/** Every .ts/.tsx file under `dir` (relative to the repository) with the files it imports. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const name of readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(name) || name.endsWith('.d.ts')) continue;
    const file = join(dir, name);
    const text = readFileSync(join(repo, file), 'utf8');
    graph.set(file, importsOf(text).map((spec) => relative(repo, resolve(dirname(join(repo, file)), spec))));
  }
  return graph;
}

/** The core folder a path is in (undefined for core's root files and for anything outside core). */
const folderOf = (file: string) => {
  const parts = relative(core, join(repo, file)).split('/');
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
};

/** The first cycle found in a graph, as the nodes around it (first = last), or undefined. */
function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...edges.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The folder graph of src/core, with for each arrow the imports that make it. */
function folderArrows(graph: Map<string, string[]>): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (!from || !to || from === to) continue;
      const key = `${from} -> ${to}`;
      arrows.set(key, [...new Set([...(arrows.get(key) ?? []), `${relative('src/core', file)} imports ${relative('src/core', target)}`])]);
    }
  }
  return arrows;
}

const toEdges = (pairs: Iterable<[string, string]>) => {
  const edges = new Map<string, Set<string>>();
  for (const [from, to] of pairs) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  return edges;
};

describe('src/core: one room per capability', () => {
  const graph = importGraph('src/core');

  it('reads the imports it checks (the graph is not empty, and sees a known arrow)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/core/replies/effects.ts')).toContain('src/core/leads/lifecycle.ts');
    expect(importsOf("import type { A } from './a.ts';\nexport { b } from '../b/c.ts';\nconst x = await import('./d.ts');")).toEqual(['./a.ts', '../b/c.ts', './d.ts']);
  });

  it('has no import cycle between its folders, apart from the known back-arrows still to remove', () => {
    const arrows = folderArrows(graph);
    const kept = [...arrows.keys()].filter((arrow) => !KNOWN_BACK_ARROWS.includes(arrow));
    const cycle = findCycle(toEdges(kept.map((arrow) => arrow.split(' -> ') as [string, string])));
    const why = cycle?.slice(1).map((to, i) => `${cycle[i]} -> ${to}: ${arrows.get(`${cycle[i]} -> ${to}`)!.join(', ')}`);
    expect(why, 'a cycle between core folders').toBeUndefined();
    // A back-arrow that is gone comes off the list, so it cannot come back unnoticed.
    expect(KNOWN_BACK_ARROWS.filter((arrow) => !arrows.has(arrow))).toEqual([]);
  });

  it('has no import cycle between its files', () => {
    const edges = toEdges([...graph].flatMap(([file, targets]) => targets.map((target) => [file, target] as [string, string])));
    expect(findCycle(edges), 'a cycle between files of src/core').toBeUndefined();
  });

  it('keeps replies in core/replies, entered only through its index.ts', () => {
    const outside = new Map([...importGraph('src'), ...importGraph('web/src')]);
    const bypass = [...outside].flatMap(([file, targets]) =>
      file.startsWith('src/core/replies/') ? [] : targets.filter((t) => t.startsWith('src/core/replies/') && t !== 'src/core/replies/index.ts').map((t) => `${file} imports ${t}`),
    );
    expect(bypass).toEqual([]);
    // Sending does not reach into replies; replies may use sending's public pieces.
    const arrows = folderArrows(graph);
    expect(arrows.get('emails -> replies') ?? []).toEqual([]);
    // No reply file is left in the sending room.
    expect([...graph.keys()].filter((file) => /^src\/core\/emails\/repl/.test(file))).toEqual([]);
  });
});
