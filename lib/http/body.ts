/**
 * A request whose server can hand its body over as bytes, without a web
 * stream between the socket and the handler: the app server's requests
 * (lib/server/node-request.ts). Resolves undefined once the streamed length
 * passes `maxBytes`, having stopped reading there.
 */
export const READ_BODY_WITHIN = Symbol("readBodyWithin");

type DirectBody = { [READ_BODY_WITHIN]: (maxBytes: number) => Promise<Uint8Array | undefined> };

/**
 * A request body read without ever buffering more than `maxBytes`: the
 * bytes, or undefined once the declared or streamed length passes the limit
 * (the caller answers 413 its own way). A null body reads as empty.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) return undefined;
  if (READ_BODY_WITHIN in request) return (request as Request & DirectBody)[READ_BODY_WITHIN](maxBytes);
  return request.body === null ? new Uint8Array() : readStreamWithin(request.body, maxBytes);
}

/** A web stream's bytes, or undefined (the stream cancelled) once they pass `maxBytes`. */
export async function readStreamWithin(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    length += chunk.value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(chunk.value);
  }
  return chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : concat(chunks, length);
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
