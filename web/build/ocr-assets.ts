/**
 * tesseract.js's files as the app's own (web/src/features/prescription-files/ocr/ocr-assets.ts lists them): the dev
 * and preview servers answer them from node_modules, and `vite build` emits them into dist/ocr/, so OCR works offline
 * and never asks a CDN. They are served with the OCR worker's own Content-Security-Policy (OCR_WORKER_POLICY: the
 * worker compiles WebAssembly, the page may not); a static host serving dist/ should send that header for /ocr/ too.
 * The ~3 MB model is read only when a document is read, never by the page load.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';
import { OCR_ASSET_FILES, OCR_ASSETS_BASE, OCR_WORKER_POLICY } from '../src/features/prescription-files/ocr/ocr-assets.ts';

const require = createRequire(import.meta.url);

/** The file on disk behind each served path ('/ocr/worker.min.js' → node_modules/tesseract.js/dist/worker.min.js). */
export function ocrAssetSources(): Map<string, string> {
  return new Map(
    OCR_ASSET_FILES.map(({ path: servedPath, packageName, file }) => [
      `${OCR_ASSETS_BASE}${servedPath}`,
      path.join(path.dirname(require.resolve(`${packageName}/package.json`)), file),
    ]),
  );
}

function contentType(file: string): string {
  return file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream';
}

/** Answers GET/HEAD of an OCR file; the model goes out as the gzip bytes it is (tesseract unzips it itself). */
function serveOcrAssets(): Connect.NextHandleFunction {
  const sources = ocrAssetSources();
  return (request, response, next) => {
    const pathname = (request.url ?? '').replace(/[?#].*$/, '');
    const source = sources.get(pathname);
    if (source === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      next();
      return;
    }
    const body = readFileSync(source);
    response.statusCode = 200;
    response.setHeader('Content-Type', contentType(source));
    response.setHeader('Content-Length', body.byteLength);
    response.setHeader('Content-Security-Policy', OCR_WORKER_POLICY);
    response.setHeader('Cache-Control', 'no-cache');
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

export function ocrAssets(): Plugin {
  return {
    name: 'pharmacy:ocr-assets',
    // Before Vite's own middlewares, so the preview's static server (with the page's policy) never answers them.
    configureServer: (server) => void server.middlewares.use(serveOcrAssets()),
    configurePreviewServer: (server) => void server.middlewares.use(serveOcrAssets()),
    generateBundle() {
      for (const [servedPath, source] of ocrAssetSources()) {
        this.emitFile({ type: 'asset', fileName: servedPath.slice(1), source: readFileSync(source) });
      }
    },
  };
}
