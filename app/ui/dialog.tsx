import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: it names the dialog for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, e.g. 取消 / 确定. */
  footer?: ReactNode;
  /** CSS width; spec §9 default 70vw. */
  width?: string;
  /** Spec §9: a backdrop click does not close by default (typed input is not lost). */
  closeOnBackdrop?: boolean;
  /** Optional element that opens the dialog. */
  trigger?: ReactNode;
  className?: string;
}

const PLACEMENT = {
  center: "left-1/2 top-[8vh] max-h-[84vh] -translate-x-1/2 rounded-lg border",
  right: "right-0 top-0 h-screen border-l",
} as const;

/**
 * The frame shared by {@link Dialog} and the drawer: Radix Dialog (focus trapped, Esc closes,
 * rendered in a portal on body), titled, with our defaults.
 */
export function ModalFrame({ open, onOpenChange, title, description, children, footer, width = "70vw", closeOnBackdrop = false, trigger, className = "", placement }: DialogProps & { placement: keyof typeof PLACEMENT }) {
  const { t } = useTranslation("widgets");
  const keepOpen = (e: Event) => {
    if (!closeOnBackdrop) e.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/45" />
        <RadixDialog.Content
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          style={{ width, maxWidth: "100vw" }}
          className={`fixed z-50 flex flex-col border-line bg-panel text-ink shadow-xl focus:outline-none ${PLACEMENT[placement]} ${className}`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-3">
            <RadixDialog.Title className="text-lg font-medium">{title}</RadixDialog.Title>
            <RadixDialog.Close aria-label={t("close")} title={t("close")} className="rounded px-2 text-xl leading-none text-muted hover:text-brand">
              ×
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="px-5 pt-3 text-sm text-muted">{description}</RadixDialog.Description> : null}
          <div className="min-h-0 flex-1 overflow-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Centred dialog: 70vw wide, not closed by a backdrop click, Esc closes, focus trapped, title required. */
export function Dialog(props: DialogProps) {
  return <ModalFrame {...props} placement="center" />;
}

/** Modal drawer from the right edge for client-state panels: the dialog's defaults, full height. URL-driven drawers use Drawer (./drawer). */
export function ModalDrawer(props: DialogProps) {
  return <ModalFrame {...props} placement="right" />;
}
