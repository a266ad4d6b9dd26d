/**
 * Where the app serves tesseract.js's files (web/build/ocr-assets.ts serves them on the dev and preview servers and
 * emits them into the build): OCR never reaches a CDN. The worker script, the LSTM-only builds of tesseract.js-core
 * (the worker picks relaxed SIMD, SIMD or plain by what the browser supports) and the English model
 * (@tesseract.js-data/eng, the integer "best" LSTM model, gzip). Pure constants, read by the plugin and the browser.
 */

/** The folder of every OCR file, under the app's base. */
export const OCR_ASSETS_BASE = '/ocr/';

/** Each served file: its path under OCR_ASSETS_BASE and its source in node_modules (package, then file). */
export const OCR_ASSET_FILES: readonly { path: string; packageName: string; file: string }[] = [
  { path: 'worker.min.js', packageName: 'tesseract.js', file: 'dist/worker.min.js' },
  { path: 'core/tesseract-core-relaxedsimd-lstm.wasm.js', packageName: 'tesseract.js-core', file: 'tesseract-core-relaxedsimd-lstm.wasm.js' },
  { path: 'core/tesseract-core-simd-lstm.wasm.js', packageName: 'tesseract.js-core', file: 'tesseract-core-simd-lstm.wasm.js' },
  { path: 'core/tesseract-core-lstm.wasm.js', packageName: 'tesseract.js-core', file: 'tesseract-core-lstm.wasm.js' },
  { path: 'lang/eng.traineddata.gz', packageName: '@tesseract.js-data/eng', file: '4.0.0_best_int/eng.traineddata.gz' },
];

/** tesseract.js's options naming those files (relative to the page's origin). */
export const OCR_WORKER_PATHS = {
  workerPath: `${OCR_ASSETS_BASE}worker.min.js`,
  corePath: `${OCR_ASSETS_BASE}core/`,
  langPath: `${OCR_ASSETS_BASE}lang`,
} as const;

/**
 * The OCR worker's own Content-Security-Policy (a dedicated worker takes the policy of its script's response, not
 * the page's): the page's rules, plus WebAssembly compilation ('wasm-unsafe-eval', which allows no JavaScript eval),
 * which tesseract's core needs and the page itself does not get.
 */
export const OCR_WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";
