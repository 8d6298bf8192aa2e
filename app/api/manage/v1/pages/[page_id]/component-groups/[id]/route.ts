import { route } from "@/lib/http/handler";
import { manageApi } from "@/lib/status/manage/routes";

export const GET = route(manageApi.getComponentGroup);
export const PATCH = route(manageApi.updateComponentGroup);
export const PUT = route(manageApi.updateComponentGroup);
export const DELETE = route(manageApi.deleteComponentGroup);
