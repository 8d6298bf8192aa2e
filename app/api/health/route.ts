import { liveness } from "@/lib/health/health";
import { route } from "@/lib/http/handler";

export const GET = route(liveness);
