import { getDatabase } from "@/lib/db";
import { getMirrorDatabase } from "@/lib/mirror/db";
import { createReadiness } from "./health";

/** `GET /api/health/ready` against the process's database (and the mirror's, when separate). */
export const readiness = createReadiness(getDatabase, () => getMirrorDatabase());
