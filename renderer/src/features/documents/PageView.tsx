// A PDF document's pages, drawn by pdf.js in the renderer, with an evidence span highlighted where it
// lies on the page (the boxes ingest kept for each line of the text: documents.layout). The file comes
// through the contract (documents.file: only the file the document was imported from, unchanged), so
// the Electron window and a browser on the headless host take the same path. Pages are drawn lazily:
// only those near the viewport have a canvas (a virtual list), and opening at a span scrolls to it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useCall } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import { bytesOf, spanPages, spanRects, type PageLayout } from './pageBoxes';

const GAP = 12;

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js and its worker, loaded the first time a page view opens (the text views never load them). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

function PdfPage({ doc, layout, scale, span }: { doc: PDFDocumentProxy; layout: PageLayout; scale: number; span: { start: number; end: number } | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    let task: RenderTask | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const page = await doc.getPage(layout.number);
        if (cancelled || !canvas.current) return;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        const c = canvas.current;
        c.width = Math.floor(viewport.width);
        c.height = Math.floor(viewport.height);
        task = page.render({ canvas: c, canvasContext: c.getContext('2d')!, viewport });
        await task.promise;
      } catch (err) {
        // a cancelled render (the page scrolled away) is no error
        if (!cancelled && (err as Error).name !== 'RenderingCancelledException') setError(err as Error);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, layout.number, scale]);
  const rects = span ? spanRects(layout, span.start, span.end) : [];
  return (
    <div className="pdf-page" data-testid="pdf-page" data-page={layout.number} style={{ width: layout.width * scale, height: layout.height * scale }}>
      <canvas ref={canvas} style={{ width: layout.width * scale, height: layout.height * scale }} aria-label={`Page ${layout.number}`} />
      {rects.map((r, i) => (
        <div
          key={i}
          className="page-highlight"
          data-testid="page-highlight"
          style={{ left: r.x * scale - 2, top: r.y * scale - 1, width: r.w * scale + 4, height: r.h * scale + 2 }}
        />
      ))}
      {error && (
        <div className="page-error">
          Page {layout.number}: {error.message}
        </div>
      )}
    </div>
  );
}

export function PageView({ id, span }: { id: number; span: { start: number; end: number } | null }) {
  const layout = useCall('documents.layout', { id });
  const file = useCall('documents.file', { id }, { staleTime: Infinity });
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const pages = useMemo(() => layout.data?.pages ?? [], [layout.data]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, el.clientWidth - 2 * GAP));
    measure();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);

  useEffect(() => {
    const data = file.data?.data;
    if (!data) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    void loadPdfJs()
      .then((lib) => lib.getDocument({ data: bytesOf(data), isEvalSupported: false }).promise)
      .then((d) => {
        opened = d;
        if (cancelled) void d.destroy();
        else setDoc(d);
      })
      .catch((err: Error) => !cancelled && setLoadError(err));
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [file.data]);

  const widest = Math.max(1, ...pages.map((p) => p.width));
  const scale = Math.min(2, width / widest);
  const virtual = useVirtualizer({
    count: pages.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => pages[i].height * scale + GAP,
    overscan: 1,
  });

  // open at the span: its first page, scrolled so its first line sits near the top
  const target = useMemo(() => (span ? spanPages(pages, span.start, span.end)[0] : undefined), [pages, span]);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!target || !doc) return;
    const key = `${span?.start}:${span?.end}:${scale}`;
    if (scrolledTo.current === key) return;
    scrolledTo.current = key;
    let offset = 0;
    for (let i = 0; i < target.index; i++) offset += pages[i].height * scale + GAP;
    virtual.scrollToOffset(Math.max(0, offset + target.rects[0].y * scale - 80));
  }, [target, doc, pages, scale, span, virtual]);

  return (
    <div className="page-view" data-testid="page-view" ref={scroller}>
      <ErrorBox error={layout.error ?? file.error ?? loadError} />
      {span && pages.length > 0 && !target && <p className="muted">This span has no place on the pages (it lies in text the layout did not keep).</p>}
      {doc && (
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => (
            <div key={item.key} style={{ position: 'absolute', top: item.start, left: GAP, height: item.size }}>
              <PdfPage doc={doc} layout={pages[item.index]} scale={scale} span={span} />
            </div>
          ))}
        </div>
      )}
      {!doc && !layout.error && !file.error && !loadError && <p className="muted">Loading pages…</p>}
    </div>
  );
}
