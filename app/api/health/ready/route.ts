import { readiness } from "@/lib/health/readiness-route";
import { route } from "@/lib/http/handler";

export const GET = route(readiness);
