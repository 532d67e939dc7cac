// How commands talk to people and scripts: aligned text tables on a terminal,
// one JSON object per line (NDJSON) with --json.
export interface OutputOptions {
  json?: boolean;
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}

export function printTable(rows: Record<string, string>[], columns: string[]): void {
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const widths = columns.map((col) => Math.max(col.length, ...rows.map((r) => (r[col] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd() + '\n';
  process.stdout.write(line(columns.map((c) => c.toUpperCase())));
  for (const row of rows) process.stdout.write(line(columns.map((c) => row[c] ?? '')));
}

export function printLine(text: string): void {
  process.stdout.write(text + '\n');
}

/** A notice for the person at the terminal, on standard error (scripts reading stdout never see it). */
export function printNotice(text: string): void {
  process.stderr.write(text + '\n');
}
