// The operator's own lead lists: preview and import an uploaded file (the request body is the
// file itself, streamed under its own size cap, never read whole), and "Add lead" by URL.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context as HonoContext } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { Campaign } from '../../core/model/campaign.ts';
import { AddLeadInput, ImportListQuery, ListPreview, PreviewQuery } from '../../core/model/lead-list.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json, jsonBody } from '../schemas.ts';

/** The upload paths: the app's JSON body limit does not apply to them (they have their own). */
export const IMPORT_PATHS = new Set(['/api/leads/import', '/api/leads/import/preview']);

const common = { tags: ['Leads'], security: bearer, middleware: [requireUser] };

const FILE_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream', 'text/tab-separated-values'];
const fileBody = {
  description: 'The list itself: a CSV with a header row (url/website/domain, and optionally name, email, contact, phone, address, city), or one web address per line; UTF-8',
  required: true,
  content: Object.fromEntries(FILE_TYPES.map((t) => [t, { schema: z.string() }])),
};

const Imported = z.object({ campaign: Campaign, preview: ListPreview }).meta({ id: 'ImportedList' });
const fileErrors = { 400: errors[400], 401: errors[401], 413: json(z.object({ detail: z.string() }), 'The file is larger than the upload limit'), 415: json(z.object({ detail: z.string() }), 'The body is not a text file'), 422: errors[422] };

const routes = {
  preview: createRoute({
    ...common,
    method: 'post',
    path: '/api/leads/import/preview',
    summary: 'What importing this list would do: rows accepted, rows skipped with the reason per line, hostnames already leads. Writes nothing.',
    request: { query: PreviewQuery, body: fileBody },
    responses: { 200: json(ListPreview, 'The preview'), ...fileErrors },
  }),
  import: createRoute({
    ...common,
    method: 'post',
    path: '/api/leads/import',
    summary: 'Import the list as a new campaign whose search stage reads it (no search quota is used); start=true starts it',
    request: { query: ImportListQuery, body: fileBody },
    responses: { 201: json(Imported, 'The campaign and what was imported'), ...fileErrors },
  }),
  add: createRoute({
    ...common,
    method: 'post',
    path: '/api/leads',
    summary: 'Add one lead by its web address: a one-lead campaign, started at once, analysed like any other',
    request: jsonBody(AddLeadInput),
    responses: {
      201: json(z.object({ campaign: Campaign, hostname: z.string() }).meta({ id: 'AddedLead' }), 'The campaign that analyses the lead'),
      400: errors[400],
      401: errors[401],
      409: errors[409],
      422: errors[422],
    },
  }),
};

/** The request body as it arrives, refused (413) as soon as it passes the cap. */
async function* uploaded(c: HonoContext<AppEnv>): AsyncGenerator<Uint8Array> {
  const max = c.var.ctx.config.importLimitBytes;
  const tooLarge = () => {
    // The rest of the body is not read: the connection cannot carry another request.
    c.header('Connection', 'close');
    return new HTTPException(413, { message: `The file is larger than ${max >= 1048576 ? `${Math.round(max / 1048576)} MB` : `${Math.round(max / 1024)} KB`}: split it into smaller lists` });
  };
  if (Number(c.req.header('content-length') ?? 0) > max) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return;
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw tooLarge();
    yield chunk;
  }
}

/** A 415 for a body that is not a file of text (e.g. a JSON or form post), or undefined. */
function wrongType(c: HonoContext<AppEnv>) {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!type || FILE_TYPES.includes(type)) return undefined;
  c.header('Connection', 'close');
  return c.json({ detail: `Send the list itself as the request body (text/csv or text/plain), not ${type.slice(0, 60)}` }, 415);
}

export function leadImportRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.preview, async (c) => {
      const refused = wrongType(c);
      if (refused) return refused;
      return c.json(await c.var.ctx.lists.preview(uploaded(c), c.req.valid('query').file_name), 200);
    })
    .openapi(routes.import, async (c) => {
      const refused = wrongType(c);
      if (refused) return refused;
      return c.json(await c.var.ctx.lists.import(c.var.user, uploaded(c), c.req.valid('query')), 201);
    })
    .openapi(routes.add, async (c) => c.json(await c.var.ctx.lists.addLead(c.var.user, c.req.valid('json')), 201));
}
