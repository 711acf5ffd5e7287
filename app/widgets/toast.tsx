import * as RadixToast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Spec §8: failure messages stay 1.5 s, with a close button. */
export const TOAST_MS = 1500;

export type ToastTone = "success" | "error" | "info";

interface ToastEntry {
  id: number;
  tone: ToastTone;
  message: string;
  duration: number;
  open: boolean;
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

/** Mount once around the app (e.g. in the shell); {@link useToast} shows messages through it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation("widgets");
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ToastApi["show"]>((message, options = {}) => {
    const entry: ToastEntry = { id: nextId.current++, tone: options.tone ?? "info", message, duration: options.duration ?? TOAST_MS, open: true };
    // keep at most three on screen; the newest last
    setToasts((list) => [...list.filter((x) => x.open).slice(-2), entry]);
  }, []);

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

  const close = (id: number) => setToasts((list) => list.map((x) => (x.id === id ? { ...x, open: false } : x)));

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider label={t("toast.region")} swipeDirection="up">
        {children}
        {toasts.map((toast) => {
          const { box, mark, markColour } = TONES[toast.tone];
          return (
            <RadixToast.Root
              key={toast.id}
              open={toast.open}
              onOpenChange={(open) => (open ? undefined : close(toast.id))}
              duration={toast.duration}
              type={toast.tone === "error" ? "foreground" : "background"}
              className={`flex items-center gap-3 rounded-md border bg-panel px-4 py-2 text-base text-ink shadow-lg ${box}`}
            >
              <span aria-hidden="true" className={`font-bold ${markColour}`}>
                {mark}
              </span>
              <RadixToast.Description className="flex-1">{toast.message}</RadixToast.Description>
              <RadixToast.Close aria-label={t("close")} title={t("close")} className="px-1 text-lg leading-none text-muted hover:text-brand">
                ×
              </RadixToast.Close>
            </RadixToast.Root>
          );
        })}
        <RadixToast.Viewport className="fixed left-1/2 top-4 z-[60] flex w-max max-w-[90vw] -translate-x-1/2 flex-col items-center gap-2 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows 操作成功！, failures (server text or 操作失败, 1.5 s, closable) and copy results. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider> above it");
  return api;
}
