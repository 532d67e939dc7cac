// Who is asking, and the one rule for admin-only operations.
import { forbidden } from '../errors.ts';
import type { Role } from '../model/user.ts';

/** A signed-in user, or the terminal operator (id null), who acts with admin rights. */
export interface Actor {
  id: number | null;
  role: Role;
}

export const TERMINAL_OPERATOR: Actor = { id: null, role: 'admin' };
export const ADMIN_REQUIRED = 'Admin access required';

export function requireAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw forbidden(ADMIN_REQUIRED);
}
