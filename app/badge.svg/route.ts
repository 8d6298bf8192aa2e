import { route } from "@/lib/http/handler";
import { badgeHandler } from "@/lib/pages/badge-handler";

export const dynamic = "force-dynamic";
export const GET = route(badgeHandler);
