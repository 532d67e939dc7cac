// Settings (admins only, except reading the sending windows). Paths the spec leaves
// open are plain REST under /api/settings.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ApiKeyStatus,
  EmailConfig,
  EmailConfigInput,
  OptimalSendingTimes,
  SenderIdentityStatus,
  SettingWrite,
  SystemConfigBody,
  SystemConfigInput,
  ValidateKeyInput,
} from '../../core/model/settings.ts';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

const tags = ['Settings'];
const admin = { tags, security: bearer, middleware: [requireUser, requireAdmin] };
const refused = { 401: errors[401], 403: errors[403] };

const KeyCheck = z.object({ valid: z.boolean(), message: z.string() }).meta({ id: 'KeyCheck' });
const SendingStatus = z.object({ enabled: z.boolean() }).meta({ id: 'EmailSendingStatus' });
const ToggleInput = z.object({ enable: z.boolean({ error: 'enable must be true or false' }) }).meta({ id: 'ToggleEmailSending' });

const routes = {
  apiKeys: createRoute({ ...admin, method: 'get', path: '/api/settings/api-keys', summary: 'Which credentials are configured (never their values)', responses: { 200: json(ApiKeyStatus, 'Key status'), ...refused } }),
  validateKey: createRoute({
    ...admin,
    method: 'post',
    path: '/api/settings/validate-key',
    summary: 'Check a credential against its service before saving it',
    request: jsonBody(ValidateKeyInput),
    responses: { 200: json(KeyCheck, 'The check result'), ...refused, 422: errors[422] },
  }),
  write: createRoute({
    ...admin,
    method: 'post',
    path: '/api/settings',
    summary: 'Save one setting (secrets are always encrypted)',
    request: jsonBody(SettingWrite),
    responses: { 200: json(MessageBody, 'Saved'), 400: errors[400], ...refused, 422: errors[422] },
  }),
  remove: createRoute({
    ...admin,
    method: 'delete',
    path: '/api/settings/{key}',
    summary: 'Delete one setting',
    request: { params: z.object({ key: z.string() }) },
    responses: { 200: json(MessageBody, 'Deleted'), 400: errors[400], ...refused, 404: errors[404] },
  }),
  emailConfig: createRoute({ ...admin, method: 'get', path: '/api/settings/email-config', summary: 'The email provider configuration', responses: { 200: json(EmailConfig, 'Email configuration'), ...refused } }),
  saveEmailConfig: createRoute({
    ...admin,
    method: 'post',
    path: '/api/settings/email-config',
    summary: 'Save sender, signature and/or provider credentials (credentials are checked first)',
    request: jsonBody(EmailConfigInput),
    responses: { 200: json(EmailConfig, 'Saved'), 400: errors[400], ...refused, 422: errors[422] },
  }),
  testEmail: createRoute({
    ...admin,
    method: 'post',
    path: '/api/settings/email-config/test',
    summary: 'Send a test email through the configured provider (counts against the email quota)',
    request: jsonBody(z.object({ to: z.email('to must be an email address') }).meta({ id: 'TestEmailInput' })),
    responses: { 200: json(z.object({ message: z.string(), provider: z.string() }), 'Sent'), 400: errors[400], ...refused, 409: errors[409], 422: errors[422], 429: errors[429], 502: errors[502] },
  }),
  senderIdentity: createRoute({
    tags,
    security: bearer,
    middleware: [requireUser],
    method: 'get',
    path: '/api/settings/sender-identity',
    summary: "Whether the sender's name, address and postal address are set (emails cannot be sent until they are)",
    responses: { 200: json(SenderIdentityStatus, 'Sender identity status'), 401: errors[401] },
  }),
  clearEmailConfig: createRoute({ ...admin, method: 'delete', path: '/api/settings/email-config', summary: 'Delete the email configuration', responses: { 200: json(MessageBody, 'Cleared'), ...refused } }),
  sendingStatus: createRoute({ ...admin, method: 'get', path: '/api/settings/email-sending-status', summary: 'Whether approved emails are sent', responses: { 200: json(SendingStatus, 'Status'), ...refused } }),
  toggleSending: createRoute({
    ...admin,
    method: 'post',
    path: '/api/settings/toggle-email-sending',
    summary: 'Turn email sending on or off',
    request: jsonBody(ToggleInput),
    responses: { 200: json(SendingStatus.extend({ message: z.string() }), 'New status'), ...refused, 422: errors[422] },
  }),
  systemConfig: createRoute({ ...admin, method: 'get', path: '/api/settings/system-config', summary: 'Rate limits, retries, circuit breaker, dead-letter queue', responses: { 200: json(SystemConfigBody, 'System configuration'), ...refused } }),
  saveSystemConfig: createRoute({
    ...admin,
    method: 'post',
    path: '/api/settings/system-config',
    summary: 'Save the system configuration (all or some fields; each within its bounds)',
    request: jsonBody(SystemConfigInput),
    responses: { 200: json(SystemConfigBody, 'Saved'), 400: errors[400], ...refused, 422: errors[422] },
  }),
  optimalTimes: createRoute({
    tags,
    security: bearer,
    middleware: [requireUser],
    method: 'get',
    path: '/api/settings/optimal-sending-times',
    summary: 'The weekly sending windows',
    responses: { 200: json(OptimalSendingTimes, 'Windows'), 401: errors[401] },
  }),
  saveOptimalTimes: createRoute({
    ...admin,
    method: 'put',
    path: '/api/settings/optimal-sending-times',
    summary: 'Replace the weekly sending windows',
    request: jsonBody(OptimalSendingTimes),
    responses: { 200: json(OptimalSendingTimes, 'Saved'), ...refused, 422: errors[422] },
  }),
};

// The generic DELETE /api/settings/{key} comes last so that the fixed paths
// (e.g. DELETE /api/settings/email-config) match first.
export function settingsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.apiKeys, async (c) => c.json(await c.var.ctx.settings.apiKeyStatus(c.var.user), 200))
    .openapi(routes.validateKey, async (c) => c.json(await c.var.ctx.settings.validateKey(c.var.user, c.req.valid('json')), 200))
    .openapi(routes.write, async (c) => {
      const { key, value } = c.req.valid('json');
      await c.var.ctx.settings.write(c.var.user, key, value);
      return c.json({ message: `Saved ${key}` }, 200);
    })
    .openapi(routes.senderIdentity, async (c) => c.json(await c.var.ctx.settings.senderIdentity(), 200))
    .openapi(routes.emailConfig, async (c) => c.json(await c.var.ctx.settings.emailConfig(c.var.user), 200))
    .openapi(routes.saveEmailConfig, async (c) => c.json(await c.var.ctx.settings.saveEmailConfig(c.var.user, c.req.valid('json')), 200))
    .openapi(routes.testEmail, async (c) => {
      const { to } = c.req.valid('json');
      const sent = await c.var.ctx.settings.sendTestEmail(c.var.user, await c.var.ctx.providers.mailer(), to);
      return c.json({ message: `Test email sent to ${to} via ${sent.provider}`, provider: sent.provider }, 200);
    })
    .openapi(routes.clearEmailConfig, async (c) => {
      await c.var.ctx.settings.clearEmailConfig(c.var.user);
      return c.json({ message: 'Email configuration cleared' }, 200);
    })
    .openapi(routes.sendingStatus, async (c) => c.json({ enabled: await c.var.ctx.settings.sendingEnabled() }, 200))
    .openapi(routes.toggleSending, async (c) => {
      const enabled = await c.var.ctx.settings.setSendingEnabled(c.var.user, c.req.valid('json').enable);
      const message = enabled ? 'Email sending enabled: approved emails are sent automatically' : 'Email sending disabled: approved emails are queued but not sent';
      return c.json({ enabled, message }, 200);
    })
    .openapi(routes.systemConfig, async (c) => c.json(await c.var.ctx.settings.systemConfig(c.var.user), 200))
    .openapi(routes.saveSystemConfig, async (c) => c.json(await c.var.ctx.settings.saveSystemConfig(c.var.user, c.req.valid('json')), 200))
    .openapi(routes.optimalTimes, async (c) => c.json(await c.var.ctx.settings.optimalTimes(), 200))
    .openapi(routes.saveOptimalTimes, async (c) => c.json(await c.var.ctx.settings.saveOptimalTimes(c.var.user, c.req.valid('json')), 200))
    .openapi(routes.remove, async (c) => {
      const { key } = c.req.valid('param');
      const removed = await c.var.ctx.settings.remove(c.var.user, key);
      return removed ? c.json({ message: `Deleted ${key}` }, 200) : c.json({ detail: `Setting "${key}" is not set` }, 404);
    });
}
