// How a campaign's figures are said, in one place for the CLI, the feed and the dashboard
// (no zod here: the dashboard imports it, see campaign-status.ts).

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Counts = { total_leads: number; leads_analysed: number; leads_failed: number };

/** "19 of 25 sites could not be read", or undefined when none failed. */
export function failedText({ total_leads, leads_failed }: Pick<Counts, 'total_leads' | 'leads_failed'>): string | undefined {
  if (leads_failed === 0) return undefined;
  return `${leads_failed} of ${total_leads} ${total_leads === 1 ? 'site' : 'sites'} could not be read`;
}

/** "25 found, 6 analysed, 19 failed". */
export function countsText({ total_leads, leads_analysed, leads_failed }: Counts): string {
  return `${total_leads} found, ${leads_analysed} analysed, ${leads_failed} failed`;
}

/** "Completed" or "Completed — 19 of 25 sites could not be read". */
export function completedText(c: Pick<Counts, 'total_leads' | 'leads_failed'>): string {
  const failed = failedText(c);
  return failed ? `Completed — ${failed}` : 'Completed';
}

/** Reasons with their counts: "12 × the site's certificate is not trusted; 7 × the connection was refused". */
export function reasonsText(reasons: { reason: string; leads: number }[]): string {
  return reasons.map((r) => (r.leads === 1 ? r.reason : `${r.leads} × ${r.reason}`)).join('; ');
}

/** Sites read (analysed or failed) over the sites found, for a progress bar: 0 / 25 before the first is read. */
export function readProgress({ total_leads, leads_analysed, leads_failed }: Counts): { done: number; total: number } {
  return { done: Math.min(total_leads, leads_analysed + leads_failed), total: total_leads };
}

export { plural };
