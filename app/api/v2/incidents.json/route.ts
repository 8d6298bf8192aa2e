import { publicCorsPreflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { publicApi } from "@/lib/status/public-routes";

export const GET = route(publicApi.getIncidents);
export const OPTIONS = route(publicCorsPreflight);
