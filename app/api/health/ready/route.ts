import { getDatabase } from "@/lib/db";
import { createReadiness } from "@/lib/health/health";
import { route } from "@/lib/http/handler";

export const GET = route(createReadiness(getDatabase));
