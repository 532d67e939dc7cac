// Loading on first use: a command or an idle server that never needs a module (or a service
// and everything it imports) never pays to load it. Each `import()` here is one the code
// awaits anyway, so nothing that worked synchronously becomes asynchronous.

/** The value of `load()`, made on the first call and shared after (a failed load is tried again). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    }));
}

/** Only what a stand-in can forward: every public member is a method that returns a promise. */
export type AsyncOnly<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? T[K] : never };

/**
 * A stand-in for a service made by `make()` (which imports its modules) on the first call of
 * any of its methods; every call goes to that one instance. The type allows only services whose
 * every public member is an async method, since only those can wait for the load, apart from
 * the `known` members (the objects a service was handed and exposes), which are answered at once.
 */
export function lazy<T extends AsyncOnly<Omit<T, K>>, K extends keyof T = never>(make: () => Promise<T>, known?: Pick<T, K>): T {
  const service = once(make);
  const methods = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as T, {
    get(_, key) {
      if (known && Object.hasOwn(known, key)) return known[key as K];
      if (key === 'then') return undefined; // not a promise: `await ctx.x` must not call it
      let method = methods.get(key);
      if (!method) {
        method = async (...args) => {
          const target = await service();
          return (target[key as keyof T] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
        methods.set(key, method);
      }
      return method;
    },
  });
}
