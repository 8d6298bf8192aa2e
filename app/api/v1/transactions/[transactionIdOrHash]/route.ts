import { route } from "@/lib/http/handler";
import { mirrorGet } from "@/lib/mirror/api-routes";

export const GET = route(mirrorGet("/api/v1/transactions/[transactionIdOrHash]"));
