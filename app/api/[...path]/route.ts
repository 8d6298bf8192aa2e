import { route } from "@/lib/http/handler";
import { unknownApiRoute } from "@/lib/http/not-found-route";

const handler = route(unknownApiRoute);
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as HEAD, handler as OPTIONS };
