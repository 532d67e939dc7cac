// The product as users run it is bin/outreach.js on the compiled dist/. The launcher runs the
// sources through tsx when dist/ is missing or older than src/, which would test src/ instead
// (and hide a bug that lives only in the bundle, like two copies of a library): suites that
// spawn the product check this before and after it starts, and refuse to test the sources.
import { resolve } from 'node:path';
import { distNotCurrent as launcherSays } from '../../bin/dist-current.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Why bin/outreach.js would not run dist/ now, or undefined when it would (the launcher's own check). */
export const distNotCurrent = (): string | undefined => launcherSays(ROOT);

/** An error saying why this suite cannot test the compiled product now. */
export const distStale = (why: string) =>
  new Error(`${why}: this suite tests the compiled product (bin/outreach.js on dist/), and bin/outreach.js would run the sources instead. Run \`npm run build\` first (\`npm test\` does).`);
