import type { z } from "zod";
import { ApiError, badRequest } from "./errors";

/**
 * Request bodies at the edge: JSON parsed once, then a zod schema, with a
 * 400 that names every bad field (`Invalid parameter: incident.name`, the
 * reason in `detail`) rather than only the first.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("Invalid JSON body");
  }
}

export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError(
    400,
    result.error.issues.map((issue) => ({
      message: `Invalid parameter: ${issue.path.map(String).join(".") || "body"}`,
      detail: issue.message,
      data: null,
    })),
  );
}
