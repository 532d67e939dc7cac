// Folders the code reads at run time, found from this file. It sits at the top of src/, and
// every file of the compiled dist/ sits at the top of dist/ (scripts/build-dist.mjs), so the
// same relative paths hold for the sources and for the build.
import { join } from 'node:path';

/** The SQL migrations (copied to dist/db/migrations by the build). */
export const MIGRATIONS_DIR = join(import.meta.dirname, 'db', 'migrations');
/** The dashboard's build (`vite build`). */
export const WEB_DIST = join(import.meta.dirname, '..', 'web', 'dist');
