/**
 * The type of a prescription file, by its bytes only (shared/src/prescription-files/file-type.ts): each format's
 * signature whatever the file is called, the XML root element's local name, EDIFACT's first segment, and null for
 * everything else (HTML, other XML, text, an empty file). Only the first few KB are looked at.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectPrescriptionFileType } from '../../shared/src/prescription-files/file-type.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/prescription-files/${name}`, import.meta.url)));
const bytes = (value: string) => new TextEncoder().encode(value);

describe('detectPrescriptionFileType', () => {
  it('knows each fixture by its bytes', () => {
    expect(detectPrescriptionFileType(fixture('prescription-text.pdf'))).toBe('application/pdf');
    expect(detectPrescriptionFileType(fixture('typed-prescription-scan.pdf'))).toBe('application/pdf');
    expect(detectPrescriptionFileType(fixture('typed-prescription.png'))).toBe('image/png');
    expect(detectPrescriptionFileType(fixture('newrx-10_6.xml'))).toBe('application/xml');
    expect(detectPrescriptionFileType(fixture('newrx-2017071.xml'))).toBe('application/xml');
    expect(detectPrescriptionFileType(fixture('renewal-2017071.xml'))).toBe('application/xml');
    expect(detectPrescriptionFileType(fixture('newrx-10_6.edi'))).toBe('application/edifact');
    expect(detectPrescriptionFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]))).toBe('image/jpeg');
  });

  it('goes by the bytes, never the name or the declared type: a PDF named .png is a PDF, a PNG named .xml a PNG', async () => {
    const pdfAsPng = new File([fixture('prescription-text.pdf')], 'scan.png', { type: 'image/png' });
    expect(detectPrescriptionFileType(new Uint8Array(await pdfAsPng.arrayBuffer()))).toBe('application/pdf');
    const pngAsXml = new File([fixture('typed-prescription.png')], 'newrx.xml', { type: 'application/xml' });
    expect(detectPrescriptionFileType(new Uint8Array(await pngAsXml.arrayBuffer()))).toBe('image/png');
  });

  it('reads SCRIPT XML after a byte order mark, whitespace, the declaration and comments, with any prefix', () => {
    expect(detectPrescriptionFileType(bytes('\uFEFF\n  <?xml version="1.0"?>\n<!-- from the switch -->\n<!-- 2 --><scr:Message xmlns:scr="x"><Body/></scr:Message>'))).toBe('application/xml');
    expect(detectPrescriptionFileType(bytes('<Message>'))).toBe('application/xml');
    expect(detectPrescriptionFileType(bytes('<ns1:Message\n version="010" release="006">'))).toBe('application/xml');
  });

  it('reads EDIFACT starting with UNA, UNB or UIB after a byte order mark or whitespace', () => {
    expect(detectPrescriptionFileType(bytes("UNA:+./*'UIB+UNOA:0'"))).toBe('application/edifact');
    expect(detectPrescriptionFileType(bytes("\uFEFF\r\nUIB+UNOA:0++1'"))).toBe('application/edifact');
    expect(detectPrescriptionFileType(bytes("  UNB+UNOA:1+SENDER+RECEIVER'"))).toBe('application/edifact');
    expect(detectPrescriptionFileType(bytes("UNA:+.? '\nUNB+UNOA:1+SENDER+RECEIVER'"))).toBe('application/edifact');
  });

  it('refuses HTML, other XML, a DTD, a Message that is not the root, text, near misses and an empty file', () => {
    const others = [
      '<!doctype html><html><body><h1>Prescription</h1></body></html>',
      '<html><body>Message</body></html>',
      '<?xml version="1.0"?><Invoice><Message/></Invoice>',
      '<?xml version="1.0"?><MessageList/>',
      '<!DOCTYPE Message><Message/>',
      '<?xml version="1.0"?><!-- a comment never closed <Message/>',
      'Patient: Kevin Doyle\nRx: Naproxen 500 mg',
      'UNIX is not EDIFACT',
      'UNAvailable: fax line busy',
      "UNA:+./*'Patient: Kevin Doyle",
      '%PDF',
      '',
    ];
    for (const other of others) expect(detectPrescriptionFileType(bytes(other)), JSON.stringify(other)).toBeNull();
    expect(detectPrescriptionFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectPrescriptionFileType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('looks only at the head: a root past the first few KB is not looked for, and a 10 MB file costs nothing', () => {
    expect(detectPrescriptionFileType(bytes(`<!--${' '.repeat(8192)}--><Message/>`))).toBeNull();
    const large = new Uint8Array(10 * 1024 * 1024).fill(0x20);
    expect(detectPrescriptionFileType(large)).toBeNull();
  });
});
