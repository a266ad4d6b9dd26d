/**
 * An SVG logo's print rendition (shared/src/settings/pharmacy-logo-print.ts): PDF reports embed PNG and JPEG only and
 * the api has no SVG renderer, so right after an SVG upload the browser draws the stored (sanitised) SVG on a canvas,
 * longest side 600 px with its aspect kept on a transparent background, and stores the PNG as
 * `pharmacy-logos/<pharmacy_id>/logo-print.png` with the admin's session: Storage's policies decide (migration
 * 20261130009900_logo_print_rendition). The api removed the previous rendition when it stored the logo. A step of
 * the upload (upload-pharmacy-logo.ts), not an operation of its own.
 */
import { PHARMACY_LOGOS_BUCKET } from '@pharmacy/shared/settings/pharmacy-logo.ts';
import { logoPrintSize, pharmacyLogoPrintPath, svgDrawingSize } from '@pharmacy/shared/settings/pharmacy-logo-print.ts';
import { supabase } from '../../../lib/supabase.ts';

/** The SVG's text from the stored logo's data URI (`data:image/svg+xml;base64,…`). */
function svgTextOf(dataUri: string): string {
  const base64 = dataUri.slice(dataUri.indexOf(',') + 1);
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
}

/** The SVG drawn as a PNG at the print size; an <img> of a data URI, so the canvas stays readable (not tainted). */
export async function renderLogoForPrint(svgDataUri: string): Promise<Blob> {
  const image = new Image();
  image.src = svgDataUri;
  await image.decode();
  // The root element's size first: an SVG with only a viewBox has no natural size in some browsers.
  const drawing = svgDrawingSize(svgTextOf(svgDataUri)) ?? { width: image.naturalWidth, height: image.naturalHeight };
  const size = logoPrintSize(drawing.width, drawing.height);
  if (size === null) throw new Error('the SVG logo has no size to draw it at');
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('this browser cannot draw on a canvas');
  context.drawImage(image, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas could not be saved as PNG'))), 'image/png');
  });
}

/** Draws the stored SVG logo for print and stores the PNG beside it (upsert: a retry replaces it). */
export async function storeLogoPrintRendition(pharmacyId: string, svgDataUri: string): Promise<void> {
  const png = await renderLogoForPrint(svgDataUri);
  const { error } = await supabase.storage
    .from(PHARMACY_LOGOS_BUCKET)
    .upload(pharmacyLogoPrintPath(pharmacyId), png, { contentType: 'image/png', upsert: true, cacheControl: '0' });
  if (error) throw new Error(error.message);
}
