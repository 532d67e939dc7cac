// --stages of `outreach worker` and `outreach serve`: which pipeline jobs this process takes,
// so hosts with Chromium can take the audits and the others everything else.
import { invalid } from '../core/errors.ts';
import { STAGES, type Stage } from '../core/pipeline/jobs.ts';

export const STAGES_HELP = `take only jobs of these stages, comma-separated (${STAGES.join(', ')})`;

export function parseStages(raw: string): Stage[] {
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(STAGES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length) throw invalid(`--stages takes stage names from ${STAGES.join(', ')}, got "${raw}"`);
  return [...new Set(names)] as Stage[];
}
