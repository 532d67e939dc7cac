import { buildContext, type Context } from '../app.ts';
import { loadConfig } from '../config.ts';

/** Runs a command with the app context and always closes the database afterwards. */
export async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
  const ctx = await buildContext(loadConfig());
  try {
    return await run(ctx);
  } finally {
    await ctx.close();
  }
}
