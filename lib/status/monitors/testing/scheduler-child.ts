/**
 * Test-only: a server process's monitors, as lib/server/boot.ts starts them
 * (startMonitors: the production scheduler and check environment), on the
 * database of DATABASE_URL, until it is killed. Prints "ready" once started.
 */
import { getDatabase } from "@/lib/db";
import { startMonitors } from "../start";

await getDatabase();
startMonitors(getDatabase);
console.log("ready");
// The scheduler's timers are unref'd (they never hold a server open); this one keeps the process alive.
setInterval(() => undefined, 60_000);
