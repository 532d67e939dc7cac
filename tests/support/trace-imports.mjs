// `node --import ./tests/support/trace-imports.mjs …` appends the URL of every ES module the
// process loads to the file named by TRACE_IMPORTS_FILE, one per line. Tests use it to prove
// which modules a command loads (robust, unlike timing).
import { register } from 'node:module';

const file = process.env.TRACE_IMPORTS_FILE;
if (file) {
  const hooks = `
    import { appendFileSync } from 'node:fs';
    export async function resolve(specifier, context, next) {
      const result = await next(specifier, context);
      appendFileSync(${JSON.stringify(file)}, result.url + '\\n');
      return result;
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
