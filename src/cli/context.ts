import type { Context } from '../app.ts';

/** Runs a command with the app context and always closes the database afterwards. */
export async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
  // Loaded here, not at the top: registering the commands (and `--help`) must not load the
  // whole application (database, providers, SDKs).
  const [{ buildContext }, { loadConfig }] = await Promise.all([import('../app.ts'), import('../config.ts')]);
  const ctx = await buildContext(loadConfig());
  try {
    return await run(ctx);
  } finally {
    await ctx.close();
  }
}
