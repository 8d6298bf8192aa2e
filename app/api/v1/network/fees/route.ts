import { estimateFees } from "@/lib/fees/estimate-route";
import { route } from "@/lib/http/handler";

export const POST = route(estimateFees);
