import { route } from "@/lib/http/handler";
import { manageApi } from "@/lib/status/manage/routes";

export const GET = route(manageApi.getIncident);
export const PATCH = route(manageApi.updateIncident);
export const PUT = route(manageApi.updateIncident);
export const DELETE = route(manageApi.deleteIncident);
