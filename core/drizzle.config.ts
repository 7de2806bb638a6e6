import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config core/drizzle.config.ts` writes a new SQL migration after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './core/src/db/schema.ts',
  out: './core/drizzle',
});
