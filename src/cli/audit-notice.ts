// Said once when a worker starts (`outreach worker`, `outreach serve`): a host that would take
// audit jobs but has no Chromium drafts from the crawl alone, and the operator should know why.
// And where serve's audits run: in a child process when Chromium is here.
import type { Context } from '../app.ts';
import type { Stage } from '../core/pipeline/jobs.ts';
import { chromePathOf, chromiumStatus } from '../providers/audit/chromium-status.ts';

export async function auditNotice(ctx: Context, stages: readonly Stage[] | undefined): Promise<string | undefined> {
  if (stages && !stages.includes('audit')) return undefined;
  if ((await ctx.providers.auditorKind()) === 'psi') return undefined;
  const status = await chromiumStatus(chromePathOf(ctx.config.env, ctx.config.defaults.audit.chrome_path));
  if (status.available) return undefined;
  return `Site audits: ${status.hint}. Until then leads are drafted from the crawl alone (or run \`outreach worker --stages audit\` on a host with Chromium and give this one --stages search,analyze,draft).`;
}

/** Whether serve leaves its audit jobs to a child process: it would take them and Chromium is here. */
export async function auditsApart(ctx: Context, stages: readonly Stage[] | undefined): Promise<boolean> {
  if (stages && !stages.includes('audit')) return false;
  return (await chromiumStatus(chromePathOf(ctx.config.env, ctx.config.defaults.audit.chrome_path))).available;
}
