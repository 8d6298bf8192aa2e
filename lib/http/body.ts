/**
 * A request body read without ever buffering more than `maxBytes`: the
 * bytes, or undefined once the declared or streamed length passes the limit
 * (the caller answers 413 its own way). A null body reads as empty.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) return undefined;
  if (request.body === null) return new Uint8Array();

  const reader = request.body.getReader();
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
