// pdf.js's worker code, loaded for its side effect (globalThis.pdfjsWorker) by parsers/pdf.ts.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
