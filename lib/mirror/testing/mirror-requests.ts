import { expect } from "vitest";
import type { MirrorContext } from "../context";
import { serveInProcess } from "@/lib/routes/in-process";

/** Requests to the mirror handlers of a test, through the route table, and the pages links.next leads through. */

export type MirrorAnswer<Body> = { status: number; body: Body; link: string | null; cacheControl: string | null };

type Paged = { links: { next: string | null } };

export function mirrorRequests(mirror: MirrorContext) {
  async function get<Body extends Paged = Paged & Record<string, unknown>>(url: string): Promise<MirrorAnswer<Body>> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no route for ${url}`);
    return { status: response.status, body: JSON.parse(await response.text()) as Body, link: response.headers.get("link"), cacheControl: response.headers.get("cache-control") };
  }

  /** Follows links.next from `url`, returning each page's `items` and the links in between; each Link header repeats links.next. */
  async function follow(url: string, items: string): Promise<{ pages: unknown[][]; links: string[] }> {
    const pages: unknown[][] = [];
    const links: string[] = [];
    for (let next: string | null = url; next !== null; ) {
      const { status, body, link }: MirrorAnswer<Paged & Record<string, unknown>> = await get(next);
      expect(status, next).toBe(200);
      expect(link).toBe(body.links.next === null ? null : `<${body.links.next}>; rel="next"`);
      pages.push(body[items] as unknown[]);
      next = body.links.next;
      if (next !== null) links.push(next);
      if (pages.length > 20) throw new Error("links do not end");
    }
    return { pages, links };
  }

  return { get, follow };
}

/** rest-java's error bodies. */
export const javaError = (message: string, detail: string) => ({ _status: { messages: [{ message, detail, data: null }] } });
export const javaBadRequest = (detail: string) => javaError("Bad Request", detail);
export const javaViolations = (...messages: string[]) => ({ _status: { messages: messages.map((message) => ({ message, detail: null, data: null })) } });
