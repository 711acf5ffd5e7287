/*
 * fontkit 2 for pdf-lib (ADR 010). pdf-lib 1.17 expects its own fork, @pdf-lib/fontkit 1.1, whose TrueType subsets
 * lose most CJK glyphs (Noto Sans SC prints blank boxes for 出、方、价…); fontkit 2 subsets them correctly but
 * answers `encode()` where pdf-lib calls the fork's `encodeStream()`. This adds that one method.
 */
import * as fontkit from "fontkit";
import type { PDFDocument } from "pdf-lib";

type Subset = { encode(): Uint8Array; encodeStream?: () => unknown };
type Font = { createSubset(): Subset };

/** The subset's bytes as the stream pdf-lib listens to ('data', then 'end'; 'error' on a throw). */
function encodeStream(subset: Subset) {
  const handlers: Record<string, (value?: unknown) => void> = {};
  const stream = {
    on(event: string, handler: (value?: unknown) => void) {
      handlers[event] = handler;
      // pdf-lib registers data, end, error in that order: emit once all three listen
      if (event === "error")
        queueMicrotask(() => {
          try {
            handlers.data?.(subset.encode());
            handlers.end?.();
          } catch (error) {
            handlers.error?.(error);
          }
        });
      return stream;
    },
  };
  return stream;
}

export const pdfFontkit = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(bytes) as Font;
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      subset.encodeStream = () => encodeStream(subset);
      return subset;
    };
    return font;
  },
} as unknown as Parameters<PDFDocument["registerFontkit"]>[0];
