import { and, count, eq, sql } from 'drizzle-orm';
import type { NewUser, StoredUser, UserChanges, UserRepo } from '../../core/users/repo.ts';
import type { Db } from '../client.ts';
import { users, type UserRow } from '../schema/users.ts';

const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username.trim()})`;

const toStored = ({ updatedAt: _updated, ...row }: UserRow): StoredUser => row;

export class SqlUserRepo implements UserRepo {
  // Every API request reads its user: the query is built once, not per request.
  readonly #byId;

  constructor(private readonly db: Db) {
    this.#byId = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
  }

  async findById(id: number) {
    const [row] = await this.#byId.all({ id });
    return row && toStored(row);
  }

  async findByUsername(username: string) {
    const [row] = await this.db.select().from(users).where(byUsername(username));
    return row && toStored(row);
  }

  async list() {
    return (await this.db.select().from(users).orderBy(users.username)).map(toStored);
  }

  async count() {
    const [row] = await this.db.select({ n: count() }).from(users);
    return row.n;
  }

  async countActiveAdmins() {
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    return row.n;
  }

  async insert(user: NewUser) {
    // The unique index on lower(username) decides races between concurrent creators.
    const [row] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return row && toStored(row);
  }

  async update(id: number, changes: UserChanges) {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(defined).length === 0) return this.findById(id);
    const [row] = await this.db.update(users).set(defined).where(eq(users.id, id)).returning();
    return row && toStored(row);
  }

  async delete(id: number) {
    const result = await this.db.delete(users).where(eq(users.id, id));
    return result.rowsAffected > 0;
  }
}
