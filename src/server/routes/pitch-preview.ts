// "Preview pitch" on the Leads screen: the first email the draft stage would write to a stored
// lead now (its stored findings, name, language and latest audit), with each cited finding's
// sentence and evidence, the quality, or why it would not be written. Nothing is stored. A POST:
// it runs the configured writer, which may cost AI tokens.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { PitchPreview } from '../../core/model/pitch.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json } from '../schemas.ts';

const route = createRoute({
  tags: ['Leads'],
  security: bearer,
  middleware: [requireUser],
  method: 'post',
  path: '/api/leads/{id}/pitch-preview',
  summary: 'The first email the pipeline would write to this lead now, as the draft stage writes it (stored nowhere), or why it would not be written',
  request: { params: IdParam },
  responses: { 200: json(PitchPreview, 'The preview'), 401: errors[401], 404: errors[404], 422: errors[422], 429: errors[429], 502: errors[502] },
});

export function pitchPreviewRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(route, async (c) => c.json(await c.var.ctx.pitches.forLead(c.req.valid('param').id), 200));
}
