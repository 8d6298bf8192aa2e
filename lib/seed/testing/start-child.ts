/**
 * Test-only: what a server start does to its database (open, migrate, and
 * seed an embedded one that has no status page), as a process of its own so
 * a test can kill it with SIGKILL part-way. Prints `seeding` when the seed
 * begins and `done` when it is over. SEED_NOW fixes the clock, so runs compare.
 */
import { getDatabase } from "@/lib/db";
import { seedOnStart } from "../demo-data";

const db = await getDatabase();
console.log("seeding");
await seedOnStart(db, new Date(process.env.SEED_NOW ?? Date.now()));
console.log("done");
await db.close();
