// User and session shapes shared by the API, the CLI and the dashboard.
import { z } from 'zod';
import defaults from '../../../config/default.json' with { type: 'json' };

const { password_min_length: MIN, password_max_length: MAX, username_pattern } = defaults.auth;

export const ROLES = ['admin', 'user'] as const;
export const Role = z.enum(ROLES, { error: "role must be 'admin' or 'user'" }).meta({ id: 'Role', description: "'admin' (Administrator) or 'user' (User)" });
export type Role = z.infer<typeof Role>;

/** A text field whose message says whether it was missing or of the wrong type. */
const text = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) });

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN} characters`;

const password = (field: string) =>
  text(field).min(MIN, PASSWORD_TOO_SHORT).max(MAX, `Password must be at most ${MAX} characters`);
export const Password = password('password');

export const Username = text('username')
  .trim()
  .regex(new RegExp(username_pattern), 'Username must be 3-50 characters: letters, digits, dot, dash or underscore');

export const Email = text('email').trim().toLowerCase().pipe(z.email('email is not a valid email address'));

const FullName = text('full_name').trim().max(100, 'full_name must be at most 100 characters');

export const User = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    role: Role,
    is_active: z.boolean(),
    last_login: z.string().nullable().meta({ description: 'ISO 8601 time of the last sign-in' }),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const LoginInput = z
  .object({
    username: text('username').trim().min(1, 'username is required'),
    password: text('password').min(1, 'password is required'),
  })
  .meta({ id: 'LoginInput' });
export type LoginInput = z.infer<typeof LoginInput>;

export const Session = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_at: z.string(),
    user: User,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

export const ChangePasswordInput = z
  .object({
    current_password: text('current_password').min(1, 'current_password is required'),
    new_password: password('new_password'),
  })
  .meta({ id: 'ChangePasswordInput' });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

// Own profile: only email and full_name. Anything else (role, is_active, username) is refused.
export const ProfileInput = z
  .object({ email: Email.optional(), full_name: FullName.nullable().optional(), password: z.unknown().optional() })
  .strict()
  .meta({ id: 'ProfileInput' });
export type ProfileInput = z.infer<typeof ProfileInput>;

export const CreateUserInput = z
  .object({
    username: Username,
    email: Email,
    password: Password,
    full_name: FullName.nullable().optional(),
    role: Role.default('user'),
  })
  .strict()
  .meta({ id: 'CreateUserInput' });
export type CreateUserInput = z.infer<typeof CreateUserInput>;

// Username is fixed at creation: sending it is refused rather than silently ignored.
export const UpdateUserInput = z
  .object({
    email: Email.optional(),
    full_name: FullName.nullable().optional(),
    role: Role.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  })
  .strict()
  .meta({ id: 'UpdateUserInput' });
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const ResetPasswordInput = z.object({ new_password: password('new_password') }).strict().meta({ id: 'ResetPasswordInput' });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
