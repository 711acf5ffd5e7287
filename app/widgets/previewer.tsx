import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { FILES } from "~/i18n/screen/files";

/** One previewable file: an image, or a PDF (spec: marker filetype=pdf) shown in a frame. */
export interface PreviewItem {
  url: string;
  name: string;
  pdf?: boolean;
}

/** Spec §4/§9: zoom from 25 % to 400 % in steps of 25 %. */
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.25;

/** The next zoom one step in or out, kept within 25 %–400 %. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * ZOOM_STEP) / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}

/** Rotation by 90°, wrapping at 360. */
export function stepRotation(degrees: number): number {
  return (degrees + 90) % 360;
}

const toolButton =
  "inline-flex h-8 min-w-8 items-center justify-center rounded-md border border-white/30 px-2 text-sm text-white hover:bg-white/15 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40";

/**
 * The image/PDF previewer: page counter, previous/next (disabled at the ends), zoom, reset, rotate, close.
 * Keys: Esc closes, Left/Right previous/next, Up/Down zoom. PDFs open in a frame without zoom, with a
 * link to open them in a new tab.
 */
export function Previewer({ items, index = 0, open, onOpenChange }: { items: PreviewItem[]; index?: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(FILES);
  const [current, setCurrent] = useState(index);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);

  useEffect(() => {
    if (open) setCurrent(Math.min(Math.max(index, 0), Math.max(items.length - 1, 0)));
  }, [open, index, items.length]);
  useEffect(() => {
    setZoom(1);
    setRotation(0);
  }, [current, open]);

  const item = items[current];
  if (!item) return null;
  const isPdf = item.pdf ?? /\.pdf$/i.test(item.name);
  const atStart = current === 0;
  const atEnd = current === items.length - 1;

  function onKeyDown(event: KeyboardEvent) {
    const act: Record<string, () => void> = {
      ArrowLeft: () => !atStart && setCurrent(current - 1),
      ArrowRight: () => !atEnd && setCurrent(current + 1),
      ArrowUp: () => !isPdf && setZoom((z) => stepZoom(z, 1)),
      ArrowDown: () => !isPdf && setZoom((z) => stepZoom(z, -1)),
    };
    const run = act[event.key];
    if (run) {
      event.preventDefault();
      run();
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content onKeyDown={onKeyDown} aria-describedby={undefined} className="fixed inset-0 z-50 flex flex-col outline-none" data-testid="previewer">
          <div className="flex items-center gap-2 bg-black/60 px-4 py-2 text-white">
            <Dialog.Title className="min-w-0 flex-1 truncate text-base">{item.name}</Dialog.Title>
            <span aria-live="polite" data-testid="preview-counter" className="tabular-nums">
              {t("preview.counter", { current: current + 1, total: items.length })}
            </span>
            <button type="button" className={toolButton} onClick={() => setCurrent(current - 1)} disabled={atStart} aria-label={t("preview.previous")} title={t("preview.previous")}>
              ‹
            </button>
            <button type="button" className={toolButton} onClick={() => setCurrent(current + 1)} disabled={atEnd} aria-label={t("preview.next")} title={t("preview.next")}>
              ›
            </button>
            {isPdf ? (
              <a className={toolButton} href={item.url} target="_blank" rel="noopener noreferrer">
                {t("preview.newTab")}
              </a>
            ) : (
              <>
                <button type="button" className={toolButton} onClick={() => setZoom(stepZoom(zoom, -1))} disabled={zoom <= ZOOM_MIN} aria-label={t("preview.zoomOut")} title={t("preview.zoomOut")}>
                  −
                </button>
                <span className="w-12 text-center tabular-nums" data-testid="preview-zoom">
                  {Math.round(zoom * 100)}%
                </span>
                <button type="button" className={toolButton} onClick={() => setZoom(stepZoom(zoom, 1))} disabled={zoom >= ZOOM_MAX} aria-label={t("preview.zoomIn")} title={t("preview.zoomIn")}>
                  +
                </button>
                <button type="button" className={toolButton} onClick={() => (setZoom(1), setRotation(0))}>
                  {t("preview.reset")}
                </button>
                <button type="button" className={toolButton} onClick={() => setRotation(stepRotation(rotation))} aria-label={t("preview.rotate")} title={t("preview.rotate")}>
                  ⟳
                </button>
              </>
            )}
            <Dialog.Close className={toolButton} aria-label={t("preview.close")} title={t("preview.close")}>
              ✕
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto p-4" onClick={(e) => e.target === e.currentTarget && onOpenChange(false)}>
            {isPdf ? (
              <iframe key={item.url} src={item.url} title={item.name} className="h-full w-full max-w-5xl rounded-md bg-white" />
            ) : (
              <img
                key={item.url}
                src={item.url}
                alt={item.name}
                draggable={false}
                className="max-h-full max-w-full select-none transition-transform duration-150"
                style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
