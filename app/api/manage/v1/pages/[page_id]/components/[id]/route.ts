import { route } from "@/lib/http/handler";
import { manageApi } from "@/lib/status/manage/routes";

export const GET = route(manageApi.getComponent);
export const PATCH = route(manageApi.updateComponent);
export const PUT = route(manageApi.updateComponent);
export const DELETE = route(manageApi.deleteComponent);
