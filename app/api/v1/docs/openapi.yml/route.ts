import { route } from "@/lib/http/handler";
import { serveOpenApiDocument } from "@/lib/openapi/serve-document";

export const GET = route(serveOpenApiDocument);
