import "./production-env";
import { ensureBuild } from "./ensure-build";
import { serve } from "./serve";

/**
 * `npm start`: a production build from the current sources, then the app
 * server (lib/server/http-server.ts). Migrations, first-start seeding and the
 * status scheduler run inside it (instrumentation.ts), so a plain `next start`
 * behind a process manager serves the same app, only with Next's router in
 * front of the API as well.
 */
ensureBuild(process.cwd());
await serve(process.argv.slice(2));
