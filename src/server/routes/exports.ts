import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context as HonoContext } from 'hono';
import { z } from 'zod';
import type { LeadExport } from '../../core/leads/service.ts';
import { LeadFilterQuery } from '../../core/model/lead.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors } from '../schemas.ts';

const common = { tags: ['Exports'], security: bearer, middleware: [requireUser] };
const csv = (description: string) => ({
  content: { 'text/csv': { schema: z.string().meta({ description: 'RFC 4180 CSV with a header row; cells starting with = + - @ tab or CR are prefixed with an apostrophe' }) } },
  description,
});

const leads = createRoute({
  ...common,
  method: 'get',
  path: '/api/export/leads',
  summary: 'Leads as CSV: exactly the leads in ids when given, else every lead matching the list filters (streamed)',
  request: { query: LeadFilterQuery },
  responses: { 200: csv('leads.csv'), 401: errors[401], 422: errors[422] },
});

const campaign = createRoute({
  ...common,
  method: 'get',
  path: '/api/campaigns/{id}/export',
  summary: "A campaign's leads as CSV (campaign-{id}-leads.csv)",
  request: { params: IdParam },
  responses: { 200: csv('campaign-{id}-leads.csv'), 401: errors[401], 404: errors[404], 422: errors[422] },
});

const download = (c: HonoContext<AppEnv>, file: LeadExport, filename: string) =>
  c.body(file.stream, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'x-total-count': String(file.total),
    'cache-control': 'no-store',
  });

export function exportRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(leads, async (c) => download(c, await c.var.ctx.leads.exportCsv(c.req.valid('query')), 'leads.csv'))
    .openapi(campaign, async (c) => {
      const { id } = c.req.valid('param');
      return download(c, await c.var.ctx.leads.exportCampaignCsv(id), `campaign-${id}-leads.csv`);
    });
}
