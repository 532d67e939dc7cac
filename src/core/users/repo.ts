// The storage port the user service needs; src/db/repos/users.ts implements it.
import type { Role } from '../model/user.ts';

export interface StoredUser {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  role: Role;
  passwordHash: string;
  isActive: boolean;
  tokenVersion: number;
  lastLogin: Date | null;
  createdAt: Date;
}

export interface NewUser {
  username: string;
  email: string;
  fullName: string | null;
  role: Role;
  passwordHash: string;
}

export type UserChanges = Partial<
  Pick<StoredUser, 'email' | 'fullName' | 'role' | 'isActive' | 'passwordHash' | 'tokenVersion' | 'lastLogin'>
>;

export interface UserRepo {
  findById(id: number): Promise<StoredUser | undefined>;
  /** Case-insensitive. */
  findByUsername(username: string): Promise<StoredUser | undefined>;
  list(): Promise<StoredUser[]>;
  count(): Promise<number>;
  countActiveAdmins(): Promise<number>;
  /** Returns undefined when the username is taken. */
  insert(user: NewUser): Promise<StoredUser | undefined>;
  update(id: number, changes: UserChanges): Promise<StoredUser | undefined>;
  delete(id: number): Promise<boolean>;
}
