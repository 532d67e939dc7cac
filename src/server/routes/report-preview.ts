// The agency's preview of a lead's report page (Lead detail's "See the lead's report page"):
// the page's address on this server, marked so that opening it is not counted as the lead's view.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { reportPreviewPath } from '../../core/report/link.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json } from '../schemas.ts';

const ReportPreview = z
  .object({
    url: z.string().nullable().describe("The lead's report page on this server, marked as the agency's preview (not counted as a view); null until its site was measured"),
  })
  .meta({ id: 'ReportPreview' });

const route = createRoute({
  tags: ['Leads'],
  security: bearer,
  middleware: [requireUser],
  method: 'get',
  path: '/api/leads/{id}/report-preview',
  summary: "The lead's personal report page as the agency previews it (opening it is not counted as the lead's view)",
  request: { params: IdParam },
  responses: { 200: json(ReportPreview, 'The preview link'), 401: errors[401], 404: errors[404], 422: errors[422] },
});

export function reportPreviewRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    await c.var.ctx.leads.get(id); // 404 'Lead not found'
    return c.json({ url: await reportPreviewPath(c.var.ctx.reportLinks, id) }, 200);
  });
}
