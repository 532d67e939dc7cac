// Response pieces shared by every route's OpenAPI description.
import { wholeNumber } from '../core/model/validate.ts';
import { z } from 'zod';

export const ErrorBody = z.object({ detail: z.string() }).meta({ id: 'Error' });
export const MessageBody = z.object({ message: z.string() }).meta({ id: 'Message' });
export const IdParam = z.object({ id: wholeNumber('id') });

export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const error = (description: string) => json(ErrorBody, description);
export const errors = {
  400: error('The request breaks a rule'),
  401: error('Not signed in, or the session expired'),
  403: error('Not allowed for this account'),
  404: error('Not found'),
  409: error('Conflicts with existing data'),
  422: error('The request body or parameters are invalid'),
  429: error('Too many attempts, or a quota is used up'),
  502: error('An external service failed'),
} as const;

export const bearer = [{ bearerAuth: [] }];
