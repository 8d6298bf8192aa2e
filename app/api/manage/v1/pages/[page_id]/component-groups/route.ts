import { route } from "@/lib/http/handler";
import { manageApi } from "@/lib/status/manage/routes";

export const GET = route(manageApi.listComponentGroups);
export const POST = route(manageApi.createComponentGroup);
