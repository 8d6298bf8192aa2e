import type { Handler } from "@/lib/http/handler";
import { notFound } from "@/lib/http/errors";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { readSystemFile } from "../network/system-file";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseContractByIdParams } from "./params";
import { findContractByPath } from "./queries";
import { bytecodeFileId, renderContractWithBytecode } from "./render";

/** GET /api/v1/contracts/{contractIdOrAddress}: a contract with its code, now or as of a timestamp. */
export function createContractByIdHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseContractByIdParams(query, (await context.params).contractIdOrAddress, mirror.config);
    const sql = await mirror.sql();
    const rows = await findContractByPath(sql, params.path, params.timestamps);
    const [row] = rows;
    if (!row || rows.length !== 1) throw notFound();
    const fileId = bytecodeFileId(row);
    // The file as it was when the contract was created from it: its last create or update then, and the appends after.
    const file =
      fileId !== null && row.created_timestamp !== null
        ? await readSystemFile(sql, fileId, { lower: 0n, upper: row.created_timestamp, hasUpper: true }, (bytes) => bytes)
        : undefined;
    return mirrorJson(renderContractWithBytecode(row, file?.value ?? null), CACHE_CONTROL.default);
  };
}
