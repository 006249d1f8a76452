import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is bundled by Vite from the npm package (never a CDN): `?url` gives its hashed asset path.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { clampPage, stepZoom, ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN } from './document-preview.js';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * A PDF rendered with pdf.js, one page at a time: page navigation clamped to 1..pages, zoom 100–600 % in steps of
 * 25 (spec 001 §2). `page` is controlled so an extracted fact can jump to the page it came from.
 */
export function PdfViewer({ file, page, onPageChange }: { file: Blob; page: number; onPageChange: (page: number) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);

  useEffect(() => {
    let cancelled = false;
    let loading: PDFDocumentLoadingTask | undefined;
    void file.arrayBuffer().then((bytes) => {
      if (cancelled) return;
      loading = getDocument({ data: new Uint8Array(bytes) });
      loading.promise.then(
        (loaded) => !cancelled && setPdf(loaded),
        () => !cancelled && setFailed(true),
      );
    });
    return () => {
      cancelled = true;
      setPdf(null);
      // Ends the worker's copy of the document too.
      void loading?.destroy();
    };
  }, [file]);

  const pageCount = pdf?.numPages ?? 0;
  const shown = clampPage(page, pageCount);
  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let cancelled = false;
    const target = canvas.current;
    let render: { cancel: () => void } | undefined;
    void pdf.getPage(shown).then((pdfPage) => {
      if (cancelled) return;
      const viewport = pdfPage.getViewport({ scale: zoom / 100 });
      target.width = viewport.width;
      target.height = viewport.height;
      const task = pdfPage.render({ canvas: target, viewport });
      render = task;
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, shown, zoom]);

  if (failed) return <Alert type="error" showIcon title="This PDF could not be displayed. You can download it instead." />;
  if (!pdf) return <Spin aria-label="Loading preview" />;
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button aria-label="Previous page" icon={<LeftOutlined />} disabled={shown <= 1} onClick={() => onPageChange(clampPage(shown - 1, pageCount))} />
        <Typography.Text aria-live="polite">
          Page {shown} of {pageCount}
        </Typography.Text>
        <Button aria-label="Next page" icon={<RightOutlined />} disabled={shown >= pageCount} onClick={() => onPageChange(clampPage(shown + 1, pageCount))} />
        <Button aria-label="Zoom out" icon={<ZoomOutOutlined />} disabled={zoom <= ZOOM_MIN} onClick={() => setZoom((value) => stepZoom(value, -1))} />
        <Typography.Text>{zoom}%</Typography.Text>
        <Button aria-label="Zoom in" icon={<ZoomInOutlined />} disabled={zoom >= ZOOM_MAX} onClick={() => setZoom((value) => stepZoom(value, 1))} />
      </Space>
      {/* A scrolling region reachable by keyboard, so the page can be read without a mouse (WCAG 2.1.1). */}
      <div role="region" aria-label="Document pages" tabIndex={0} style={{ overflow: 'auto', maxHeight: '75vh', border: '1px solid #f0f0f0' }}>
        <canvas ref={canvas} aria-label={`PDF page ${shown}`} />
      </div>
    </div>
  );
}
