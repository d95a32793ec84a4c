// The pdf.js worker as a URL of the renderer build (vite's ?url import).
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
