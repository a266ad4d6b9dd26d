/**
 * A request body read with a size cap, for the stack's Node services (auth, storage): the bytes are counted as they
 * arrive and reading stops with the service's own error as soon as the cap is passed, so an oversized body is never
 * held in memory.
 */
export async function readBodyWithin(body: AsyncIterable<unknown>, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > limit) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
