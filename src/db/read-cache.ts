// Answers to reads, kept until the database changes. The Leads list's first page is asked by
// every open dashboard and every list poll: between two writes it is read once, not once a
// request. A local file says when it changed (LocalClient.version: a write through this process
// or a commit by any other connection or process); a libSQL server does not, so there every
// read goes to the database.
import type { Db } from './client.ts';
import { LocalClient } from './local-client.ts';

export class ReadCache {
  readonly #entries = new Map<string, { version: string; value: Promise<unknown> }>();

  /** `size`: answers kept, the least recently used going first. Keep them small (a page). */
  constructor(
    private readonly db: Db,
    private readonly size = 64,
  ) {}

  /**
   * What `read` returns, from the last call with this key if the database has not changed
   * since. Calls that come while the read is under way share it: after a write, fifty open
   * dashboards asking for the first page read it once, not fifty times. Never mutate the answer.
   */
  get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const client = this.db.$client;
    // Taken before reading: a change made while the read runs makes the kept answer stale at once.
    const version = client instanceof LocalClient ? client.version() : undefined;
    if (version === undefined) return read();
    const kept = this.#entries.get(key);
    this.#entries.delete(key);
    if (kept?.version === version) {
      this.#entries.set(key, kept);
      return kept.value as Promise<T>;
    }
    const value = read();
    if (this.#entries.size >= this.size) this.#entries.delete(this.#entries.keys().next().value!);
    const entry = { version, value };
    this.#entries.set(key, entry);
    // A read that failed is not an answer: the next call reads again.
    value.catch(() => this.#entries.get(key) === entry && this.#entries.delete(key));
    return value;
  }
}
