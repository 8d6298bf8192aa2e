import { notFound } from "./errors";

/** Any path under /api that no route claims: the mirror node's 404 body, for every method. */
export async function unknownApiRoute(): Promise<Response> {
  throw notFound();
}
