import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./use-hydrated";

/** Spec §8: failure messages stay 1.5 s, with a close button. */
export const TOAST_MS = 1500;
/** 操作成功！ and other good news stay a little longer, so a person who looked away still sees them. */
export const SUCCESS_TOAST_MS = 3000;

export type ToastTone = "success" | "error" | "info";

interface ToastEntry {
  id: number;
  tone: ToastTone;
  message: string;
  duration: number;
}

export interface ToastApi {
  show: (message: string, options?: { tone?: ToastTone; duration?: number }) => void;
  /** 操作成功！ unless another text is given. */
  success: (message?: string) => void;
  /** The server's message, or 操作失败 when it sent none. */
  failure: (serverMessage?: string | null) => void;
  /** Copies text to the clipboard and says 复制成功 or 复制失败; resolves whether it worked. */
  copy: (text: string) => Promise<boolean>;
}

const ToastContext = createContext<ToastApi | null>(null);

const TONES: Record<ToastTone, { box: string; mark: string; markColour: string }> = {
  success: { box: "border-success/50", mark: "✓", markColour: "text-success" },
  error: { box: "border-danger/50", mark: "!", markColour: "text-danger" },
  info: { box: "border-brand/50", mark: "i", markColour: "text-brand" },
};
const BOX = "pointer-events-auto flex items-center gap-3 rounded-md border bg-panel px-4 py-2 text-base text-ink shadow-lg";
const VIEWPORT = "pointer-events-none fixed left-1/2 top-4 z-[60] flex w-max max-w-[90vw] -translate-x-1/2 flex-col items-center gap-2";

/**
 * Mount once around the app (the shell does); {@link useToast} shows messages through it. One polite live
 * region holds the messages, so a screen reader reads each once; a message pauses while the pointer or the
 * focus is on it, and Escape or × closes it. No toast library: this is all the shell needs.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation("widgets");
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ToastApi["show"]>((message, options = {}) => {
    const tone = options.tone ?? "info";
    const entry: ToastEntry = { id: nextId.current++, tone, message, duration: options.duration ?? (tone === "success" ? SUCCESS_TOAST_MS : TOAST_MS) };
    // the same message again (two saves in a row) replaces the one showing and starts its time again; at most three, the newest last
    setToasts((list) => [...list.filter((x) => x.message !== message || x.tone !== tone).slice(-2), entry]);
  }, []);
  const close = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message) => show(message || t("toast.success"), { tone: "success" }),
      failure: (serverMessage) => show(serverMessage?.trim() || t("toast.failed"), { tone: "error" }),
      copy: async (text) => {
        let ok = false;
        try {
          await navigator.clipboard.writeText(text);
          ok = true;
        } catch {
          ok = false;
        }
        show(ok ? t("toast.copySuccess") : t("toast.copyFailed"), { tone: ok ? "success" : "error" });
        return ok;
      },
    }),
    [show, t],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section aria-label={t("toast.region")} aria-live="polite" className={VIEWPORT} data-testid="toasts">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} close={close} closeLabel={t("close")} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, close, closeLabel }: { toast: ToastEntry; close: (id: number) => void; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  const { box, mark, markColour } = TONES[toast.tone];
  const onClose = useCallback(() => close(toast.id), [close, toast.id]);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onClose, toast.duration);
    return () => clearTimeout(timer);
  }, [paused, toast.duration, onClose]);
  return (
    <div
      role={toast.tone === "error" ? "alert" : "status"}
      className={`${BOX} ${box}`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => e.key === "Escape" && onClose()}
      data-tone={toast.tone}
    >
      <span aria-hidden="true" className={`font-bold ${markColour}`}>
        {mark}
      </span>
      <span className="flex-1">{toast.message}</span>
      <button type="button" onClick={onClose} aria-label={closeLabel} title={closeLabel} className="px-1 text-lg leading-none text-muted hover:text-brand">
        ×
      </button>
    </div>
  );
}

/** Shows 操作成功！, failures (server text or 操作失败, 1.5 s, closable) and copy results. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider> above it");
  return api;
}

/**
 * A message the server sent with the page (a flash such as 操作成功！ after a save and redirect). Before
 * JavaScript runs it is in the server HTML, where a toast would be, and stays; once the page runs it
 * becomes a toast that goes away by itself. `token` changes with each page load, so each save says it once.
 */
export function FlashToast({ message, tone = "success", token }: { message: string | null; tone?: ToastTone; token: unknown }) {
  const hydrated = useHydrated();
  const toast = useContext(ToastContext);
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!hydrated || !message || !toast || shown.current === token) return;
    shown.current = token;
    toast.show(message, { tone });
  }, [hydrated, message, tone, token, toast]);
  if (!message || (hydrated && toast)) return null;
  const { box, mark, markColour } = TONES[tone];
  return (
    <div className={VIEWPORT}>
      <div role={tone === "error" ? "alert" : "status"} className={`${BOX} ${box}`} data-tone={tone}>
        <span aria-hidden="true" className={`font-bold ${markColour}`}>
          {mark}
        </span>
        <span className="flex-1">{message}</span>
      </div>
    </div>
  );
}
