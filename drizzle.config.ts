import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations (npm run db:generate); the app applies them itself.
export default defineConfig({
  dialect: 'turso',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  dbCredentials: { url: 'file:data/drizzle-kit.db' },
});
