// Sign-in, sessions, one's own account, and user administration.
import { DomainError, conflict, forbidden, invalid, notFound, unauthorized } from '../errors.ts';
import { TERMINAL_OPERATOR, requireAdmin, type Actor } from './access.ts';
import {
  CreateUserInput,
  type ChangePasswordInput,
  type LoginInput,
  type ProfileInput,
  type Session,
  type UpdateUserInput,
  type User,
} from '../model/user.ts';
import { parseInput } from '../model/validate.ts';
import { LoginThrottle } from './login-throttle.ts';
import { burnVerify, generatePassword, hashPassword, verifyPassword } from './passwords.ts';
import type { StoredUser, UserRepo } from './repo.ts';
import type { TokenSigner } from './tokens.ts';

export { ADMIN_REQUIRED, TERMINAL_OPERATOR, type Actor } from './access.ts';
const BAD_CREDENTIALS = 'Invalid username or password';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export function toUser(u: StoredUser): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    full_name: u.fullName,
    role: u.role,
    is_active: u.isActive,
    last_login: u.lastLogin?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
  };
}

export class UserService {
  constructor(
    private readonly repo: UserRepo,
    private readonly tokens: TokenSigner,
    private readonly throttle: LoginThrottle,
  ) {}

  async login(input: LoginInput, address?: string): Promise<Session> {
    this.throttle.check(input.username, address);
    const user = await this.repo.findByUsername(input.username);
    const matches = user ? await verifyPassword(user.passwordHash, input.password) : (await burnVerify(input.password), false);
    if (!user || !matches) {
      this.throttle.recordFailure(input.username, address);
      throw unauthorized(BAD_CREDENTIALS);
    }
    if (!user.isActive) throw forbidden('This account is deactivated. Ask an administrator to reactivate it.');
    this.throttle.recordSuccess(input.username);
    const signedIn = (await this.repo.update(user.id, { lastLogin: new Date() })) ?? user;
    return this.session(signedIn);
  }

  /** The active user a bearer token belongs to; unauthorized for anything else. */
  async authenticate(token: string | undefined): Promise<StoredUser> {
    if (!token) throw unauthorized('Not signed in');
    const claims = await this.tokens.read(token);
    const user = claims && (await this.repo.findById(claims.userId));
    if (!user || !user.isActive || user.tokenVersion !== claims.version) throw unauthorized(SESSION_EXPIRED);
    return user;
  }

  /** Changing the password signs out every other session; the caller gets a fresh token. */
  async changePassword(user: StoredUser, input: ChangePasswordInput): Promise<Session> {
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw invalid('Current password is incorrect');
    }
    if (input.current_password === input.new_password) {
      throw invalid('New password must be different from the current password');
    }
    const updated = await this.repo.update(user.id, {
      passwordHash: await hashPassword(input.new_password),
      tokenVersion: user.tokenVersion + 1,
    });
    return this.session(updated ?? user);
  }

  async updateProfile(user: StoredUser, input: ProfileInput): Promise<User> {
    if (input.password !== undefined) throw invalid('Please use the Change Password feature to update your password');
    const updated = await this.repo.update(user.id, { email: input.email, fullName: input.full_name });
    return toUser(updated ?? user);
  }

  async list(actor: Actor): Promise<User[]> {
    requireAdmin(actor);
    return (await this.repo.list()).map(toUser);
  }

  async create(actor: Actor, input: CreateUserInput): Promise<User> {
    requireAdmin(actor);
    const created = await this.repo.insert({
      username: input.username,
      email: input.email,
      fullName: input.full_name ?? null,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    });
    if (!created) throw conflict(`Username "${input.username}" is already taken`);
    return toUser(created);
  }

  async update(actor: Actor, id: number, input: UpdateUserInput): Promise<User> {
    requireAdmin(actor);
    const target = await this.get(id);
    if (target.id === actor.id) {
      if (input.role !== undefined && input.role !== target.role) throw invalid('You cannot change your own role');
      if (input.is_active === false) throw invalid('You cannot deactivate your own account');
    }
    const losesAdmin = target.role === 'admin' && target.isActive && (input.role === 'user' || input.is_active === false);
    if (losesAdmin) await this.keepOneAdmin();
    const updated = await this.repo.update(id, {
      email: input.email,
      fullName: input.full_name,
      role: input.role,
      isActive: input.is_active,
    });
    return toUser(updated ?? target);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    requireAdmin(actor);
    const target = await this.get(id);
    if (target.id === actor.id) throw invalid('You cannot delete your own account');
    if (target.role === 'admin' && target.isActive) await this.keepOneAdmin();
    await this.repo.delete(id);
  }

  /** An administrator sets a new password; the user's existing sessions end. */
  async resetPassword(actor: Actor, id: number, newPassword: string): Promise<void> {
    requireAdmin(actor);
    const target = await this.get(id);
    await this.repo.update(id, { passwordHash: await hashPassword(newPassword), tokenVersion: target.tokenVersion + 1 });
  }

  async findByUsername(username: string): Promise<StoredUser> {
    const user = await this.repo.findByUsername(username);
    if (!user) throw notFound(`No user named "${username}"`);
    return user;
  }

  /**
   * Creates the first administrator when there are no users yet. Returns the account and,
   * when the password was generated, the password (to be shown once).
   */
  async bootstrapAdmin(given?: { username: string; password: string }) {
    if ((await this.repo.count()) > 0) return undefined;
    const password = given?.password ?? generatePassword();
    const username = given?.username ?? 'admin';
    const input = parseInput(CreateUserInput, {
      username,
      email: `${username}@outreach.local`,
      password,
      full_name: 'Administrator',
      role: 'admin',
    });
    try {
      const user = await this.create(TERMINAL_OPERATOR, input);
      return { user, generatedPassword: given ? undefined : password };
    } catch (error) {
      // Another process created it at the same moment: that is fine.
      if (error instanceof DomainError && error.code === 'conflict') return undefined;
      throw error;
    }
  }

  private async get(id: number): Promise<StoredUser> {
    const user = await this.repo.findById(id);
    if (!user) throw notFound('User not found');
    return user;
  }

  private async keepOneAdmin(): Promise<void> {
    if ((await this.repo.countActiveAdmins()) <= 1) throw conflict('At least one active administrator must remain');
  }

  private async session(user: StoredUser): Promise<Session> {
    const { token, expiresAt } = await this.tokens.issue({ userId: user.id, version: user.tokenVersion });
    return { access_token: token, token_type: 'bearer', expires_at: expiresAt.toISOString(), user: toUser(user) };
  }
}
