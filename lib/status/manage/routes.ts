import { getDatabase } from "@/lib/db";
import { systemClock } from "../clock";
import { authFailureLimitFromEnv } from "./auth-throttle";
import { createManageHandlers } from "./handlers";
import { writeLimitFromEnv } from "./rate-limit";

/** The manage API's handlers bound to the process database and the system clock (route files use these). */
export const manageApi = createManageHandlers({
  getDb: getDatabase,
  clock: systemClock,
  writesPerMinute: writeLimitFromEnv(),
  authFailuresPerMinute: authFailureLimitFromEnv(),
});
