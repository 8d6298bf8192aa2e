import { defineConfig } from "prisma/config";

// Used by `prisma generate` only; see lib/db/generate-client.ts.
export default defineConfig({
  schema: "prisma/schema",
});
