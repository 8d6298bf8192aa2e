import { getDatabase } from "@/lib/db";
import { createReadiness } from "./health";

/** `GET /api/health/ready` against the process's database. */
export const readiness = createReadiness(getDatabase);
