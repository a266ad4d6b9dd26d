/**
 * Reading report files back in tests: an .xlsx's ZIP entry by entry (every header, size and CRC-32 checked), a
 * worksheet's cells, a PDF's cross-reference table against the bytes it points at, and tiny logo images.
 */
import { deflateSync, inflateRawSync } from 'node:zlib';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { expect } from 'vitest';
import { crc32 } from '../../shared/src/common/zip-stream.ts';

/** The archive's entries from its central directory, each checked against its local header and data descriptor. */
export function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  expect(at + zip.readUInt32LE(end + 12)).toBe(end);
  const files = new Map<string, string>();
  for (let n = 0; n < count; n += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const [crc, compressed, size] = [zip.readUInt32LE(at + 16), zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 24)];
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.readUInt16LE(local + 6) & 0x08).toBe(0x08);
    expect(zip.toString('utf8', local + 30, local + 30 + zip.readUInt16LE(local + 26))).toBe(name);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const content = inflateRawSync(zip.subarray(dataAt, dataAt + compressed));
    expect(content.length).toBe(size);
    expect(crc32(content)).toBe(crc);
    // The data descriptor after the content says the same.
    expect([zip.readUInt32LE(dataAt + compressed), zip.readUInt32LE(dataAt + compressed + 4), zip.readUInt32LE(dataAt + compressed + 8), zip.readUInt32LE(dataAt + compressed + 12)])
      .toEqual([0x08074b50, crc, compressed, size]);
    files.set(name, content.toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

export interface SheetCell { ref: string; type: string | null; style: number; value: string }

/** A worksheet's cells: reference, type, style and value (inline string text or <v>). */
export function sheetCells(xml: string): SheetCell[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return Array.from(doc.getElementsByTagName('c') as unknown as Element[]).map((cell) => ({
    ref: cell.getAttribute('r')!,
    type: cell.getAttribute('t'),
    style: Number(cell.getAttribute('s') ?? 0),
    value: cell.getElementsByTagName(cell.getAttribute('t') === 'inlineStr' ? 't' : 'v')[0]!.textContent!,
  }));
}

/** Every in-use xref entry points at "N 0 obj" of its own number; startxref points at the table. */
export function checkPdfXref(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entriesAt = startxref + text.slice(startxref).indexOf('\n', 5) + 1;
  let used = 0;
  for (let id = 0; id < Number(count); id += 1) {
    const entry = text.slice(entriesAt + id * 20, entriesAt + id * 20 + 20);
    expect(entry).toMatch(/^\d{10} \d{5} [nf] \n$/);
    if (entry[17] !== 'n') continue;
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    used += 1;
  }
  return used;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A non-interlaced PNG from its scanlines as written (each line: its filter byte, then the filtered bytes), with
 * optional PLTE and tRNS chunks: for images a writer filters (Sub, Up, Average, Paeth) or palettes with transparency.
 */
export function pngOf(width: number, height: number, colorType: number, depth: number, lines: number[][], chunks: { palette?: number[]; transparency?: number[] } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([depth, colorType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header),
    ...(chunks.palette ? [pngChunk('PLTE', Buffer.from(chunks.palette))] : []),
    ...(chunks.transparency ? [pngChunk('tRNS', Buffer.from(chunks.transparency))] : []),
    pngChunk('IDAT', deflateSync(Buffer.from(lines.flat()))), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A non-interlaced 8-bit PNG (colour type 0 gray, 2 RGB, 6 RGBA) of width × height, every pixel `pixel`. */
export function tinyPng(width: number, height: number, colorType: 0 | 2 | 6, pixel: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, 0], 8);
  const line = Buffer.from([0, ...Array.from({ length: width }, () => pixel).flat()]);
  const raw = Buffer.concat(Array.from({ length: height }, () => line));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A 1 × 1 grayscale JPEG (progressive, as a camera-less tool writes it). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
