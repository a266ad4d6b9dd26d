/**
 * A PNG logo with transparency made printable in a PDF: most logos are drawn on a transparent background (colour
 * type 6 RGBA, 4 gray + alpha, or a palette with a tRNS chunk), which a PDF cannot take straight from the PNG's IDAT.
 * The image is inflated, its scanlines unfiltered, and split into its colours and its alpha, each deflated again: the
 * colours become the image and the alpha its soft mask (/SMask). Asynchronous (the platform's Compression streams, in
 * Deno and Node alike), so it runs before the PDF is written (report-layout readers), not while pages stream.
 * Bounded: at most LOGO_MAX_PIXELS pixels, 8-bit or palette depths, non-interlaced; anything else stays null (the
 * page prints the pharmacy's name).
 */

/** A logo is printed at most 48 pt high: a few million pixels is far more than any logo needs. */
export const LOGO_MAX_PIXELS = 4_000_000;

export interface PdfImagePart {
  /** The image dictionary's entries besides Type, Subtype, Width, Height and Length. */
  dictionary: string;
  data: Uint8Array;
}

export interface PreparedPngLogo {
  width: number;
  height: number;
  color: PdfImagePart;
  alpha: PdfImagePart;
}

interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlace: number;
  palette: Uint8Array | null;
  transparency: Uint8Array | null;
  idat: Uint8Array;
}

function readChunks(bytes: Uint8Array): PngHeader | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 8 || signature.some((byte, i) => bytes[i] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header: PngHeader = { width: 0, height: 0, depth: 0, colorType: -1, interlace: 0, palette: null, transparency: null, idat: new Uint8Array(0) };
  const idat: Uint8Array[] = [];
  for (let i = 8; i + 12 <= bytes.length;) {
    const length = view.getUint32(i);
    if (i + 12 + length > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(i + 4, i + 8));
    const data = bytes.subarray(i + 8, i + 8 + length);
    if (type === 'IHDR' && length >= 13) {
      header.width = view.getUint32(i + 8);
      header.height = view.getUint32(i + 12);
      header.depth = data[8]!;
      header.colorType = data[9]!;
      header.interlace = data[12]!;
    } else if (type === 'PLTE') header.palette = data;
    else if (type === 'tRNS') header.transparency = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    i += 12 + length;
  }
  header.idat = concat(idat);
  return header;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

async function transform(data: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array | null> {
  const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    // A compressed bomb stops here rather than filling memory.
    if (size > limit) { await reader.cancel(); return null; }
    parts.push(value);
  }
  return concat(parts);
}

/** PNG's five scanline filters undone in place; bpp is bytes per pixel (at least 1). */
function unfilter(raw: Uint8Array, height: number, stride: number, bpp: number): Uint8Array | null {
  const out = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const left = x >= bpp ? out[row + x - bpp]! : 0;
      const up = y > 0 ? out[row - stride + x]! : 0;
      const upLeft = y > 0 && x >= bpp ? out[row - stride + x - bpp]! : 0;
      let predicted: number;
      switch (filter) {
        case 0: predicted = 0; break;
        case 1: predicted = left; break;
        case 2: predicted = up; break;
        case 3: predicted = (left + up) >> 1; break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
          predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
          break;
        }
        default: return null;
      }
      out[row + x] = (line[x]! + predicted) & 0xff;
    }
  }
  return out;
}

/**
 * The logo's colours and alpha when it is a PNG with transparency this can print; null for any other image (an opaque
 * PNG is embedded as it is, without this).
 */
export async function preparePngLogo(bytes: Uint8Array): Promise<PreparedPngLogo | null> {
  const png = readChunks(bytes);
  if (png === null || png.interlace !== 0 || png.width === 0 || png.height === 0 || png.idat.length === 0) return null;
  const { width, height, depth, colorType } = png;
  if (width * height > LOGO_MAX_PIXELS) return null;
  const withAlpha = (colorType === 6 || colorType === 4) && depth === 8;
  const paletteWithTransparency = colorType === 3 && png.palette !== null && png.transparency !== null && [1, 2, 4, 8].includes(depth);
  if (!withAlpha && !paletteWithTransparency) return null;
  const channels = colorType === 6 ? 4 : colorType === 4 ? 2 : 1;
  const stride = Math.ceil((width * channels * depth) / 8);
  const raw = await transform(png.idat, new DecompressionStream('deflate'), height * (stride + 1));
  if (raw === null || raw.length !== height * (stride + 1)) return null;
  const pixels = unfilter(raw, height, stride, Math.max(1, (channels * depth) >> 3));
  if (pixels === null) return null;

  const colors = colorType === 4 ? 1 : 3;
  const color = new Uint8Array(width * height * colors);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      if (colorType === 3) {
        // depth 1, 2, 4 or 8 bits per palette index, packed from the high bits.
        const bit = x * depth;
        const index = (pixels[y * stride + (bit >> 3)]! >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
        const entry = index * 3;
        color.set(png.palette!.subarray(entry, entry + 3), at * 3);
        alpha[at] = index < png.transparency!.length ? png.transparency![index]! : 255;
      } else {
        const from = y * stride + x * channels;
        for (let c = 0; c < colors; c += 1) color[at * colors + c] = pixels[from + c]!;
        alpha[at] = pixels[from + channels - 1]!;
      }
    }
  }
  const [colorData, alphaData] = await Promise.all([
    transform(color, new CompressionStream('deflate'), color.length + 1024 + (color.length >> 3)),
    transform(alpha, new CompressionStream('deflate'), alpha.length + 1024 + (alpha.length >> 3)),
  ]);
  if (colorData === null || alphaData === null) return null;
  return {
    width,
    height,
    color: { dictionary: `/ColorSpace ${colors === 1 ? '/DeviceGray' : '/DeviceRGB'} /BitsPerComponent 8 /Filter /FlateDecode`, data: colorData },
    alpha: { dictionary: '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode', data: alphaData },
  };
}
