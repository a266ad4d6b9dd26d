/**
 * A ZIP archive written as it goes (PKWARE APPNOTE 6.3): each entry's local header says "sizes and CRC follow"
 * (flag bit 3), its content is deflated with the platform's CompressionStream('deflate-raw') (Deno, browsers,
 * Node ≥ 20) while its CRC-32 and sizes are counted, then a data descriptor; the central directory closes the file.
 * Nothing is held but the entry being compressed, so a large spreadsheet streams. No ZIP64: an entry or the archive
 * past 4 GiB is refused (a report is at most 50,000 rows).
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, ZIP's) continued over `bytes`; start with 0. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i += 1) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

export interface ZipEntry {
  /** The path inside the archive (ASCII here; flagged UTF-8 anyway). */
  name: string;
  /** The content, produced piece by piece. */
  content: Iterable<string> | AsyncIterable<string>;
}

const LIMIT = 0xffffffff;
const encoder = new TextEncoder();

function header(size: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  fill(new DataView(bytes.buffer));
  return bytes;
}

/** MS-DOS time and date of a moment (its UTC fields: the archive has no zone). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** Pieces of text gathered to about 64 KiB before they are encoded, so the compressor sees few large writes. */
async function* batched(content: Iterable<string> | AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  let pending = '';
  for await (const piece of content) {
    pending += piece;
    if (pending.length >= 65_536) {
      yield encoder.encode(pending);
      pending = '';
    }
  }
  if (pending !== '') yield encoder.encode(pending);
}

interface Written {
  name: Uint8Array;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** The archive's bytes, entry by entry, then the central directory. */
export async function* zipChunks(entries: Iterable<ZipEntry>, modifiedAt = new Date()): AsyncGenerator<Uint8Array> {
  const { time, date } = dosDateTime(modifiedAt);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const local = header(30 + name.length, (view) => {
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true); // version needed: 2.0 (deflate)
      view.setUint16(6, 0x0808, true); // bit 3: sizes in the data descriptor; bit 11: UTF-8 names
      view.setUint16(8, 8, true); // deflate
      view.setUint16(10, time, true);
      view.setUint16(12, date, true);
      view.setUint16(26, name.length, true);
    });
    local.set(name, 30);
    yield local;
    const start = offset;
    offset += local.length;

    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const compressor = new CompressionStream('deflate-raw');
    const writer = compressor.writable.getWriter();
    // Written while the compressed side is read below; the stream's backpressure keeps both in step.
    const feeding = (async () => {
      try {
        for await (const bytes of batched(entry.content)) {
          crc = crc32(bytes, crc);
          size += bytes.length;
          await writer.write(bytes as Uint8Array<ArrayBuffer>);
        }
        await writer.close();
      } catch (error) {
        await writer.abort(error).catch(() => undefined);
        throw error;
      }
    })();
    const reader = compressor.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      compressedSize += value.length;
      yield value;
    }
    await feeding;
    offset += compressedSize;
    if (size > LIMIT || compressedSize > LIMIT) throw new Error(`${entry.name} is too large for a ZIP without ZIP64`);
    yield header(16, (view) => {
      view.setUint32(0, 0x08074b50, true);
      view.setUint32(4, crc, true);
      view.setUint32(8, compressedSize, true);
      view.setUint32(12, size, true);
    });
    offset += 16;
    written.push({ name, crc, compressedSize, size, offset: start });
  }

  const directoryStart = offset;
  let directorySize = 0;
  for (const entry of written) {
    const central = header(46 + entry.name.length, (view) => {
      view.setUint32(0, 0x02014b50, true);
      view.setUint16(4, 20, true); // made by: 2.0, MS-DOS attributes
      view.setUint16(6, 20, true);
      view.setUint16(8, 0x0808, true);
      view.setUint16(10, 8, true);
      view.setUint16(12, time, true);
      view.setUint16(14, date, true);
      view.setUint32(16, entry.crc, true);
      view.setUint32(20, entry.compressedSize, true);
      view.setUint32(24, entry.size, true);
      view.setUint16(28, entry.name.length, true);
      view.setUint32(42, entry.offset, true);
    });
    central.set(entry.name, 46);
    directorySize += central.length;
    yield central;
  }
  if (directoryStart + directorySize > LIMIT) throw new Error('the archive is too large for a ZIP without ZIP64');
  yield header(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, written.length, true);
    view.setUint16(10, written.length, true);
    view.setUint32(12, directorySize, true);
    view.setUint32(16, directoryStart, true);
  });
}

/** Chunks pulled one at a time into a ReadableStream (a Response body). */
export function readableFrom(chunks: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
}
