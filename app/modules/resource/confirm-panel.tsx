import { Form } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, LinkButton } from "~/ui/button";

/** A confirmation the server renders after the first click; 确定 posts the real action, 取消 goes back. */
export function ConfirmPanel({ title, detail, back, formAction, children, wide, tone = "danger" }: { title: string; detail?: string; back: string; formAction: string; children: ReactNode; wide?: boolean; tone?: "danger" | "primary" }) {
  const { t } = useTranslation("resource");
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" className="fixed inset-0 z-40 flex items-center justify-center bg-black/30">
      <Form method="post" action={formAction} className={`${wide ? "w-[70vw]" : "w-96"} rounded-lg border border-line bg-panel p-5 shadow-xl`}>
        <h2 id="confirm-title" className="mb-2 text-base font-semibold text-ink">
          {title}
        </h2>
        {detail ? <p className="mb-4 break-all text-sm text-muted">{detail}</p> : null}
        {children}
        <div className="flex justify-end gap-2">
          <LinkButton to={back}>
            {t("cancel")}
          </LinkButton>
          <Button ref={confirmRef} type="submit" variant={tone}>
            {t("confirm")}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/**
 * A refusal of what the user just confirmed (不能审批本人提交的单据, a stale row …), shown where the confirmation was, over
 * the page: a user who pressed a row's button far down a list sees it, not an alert at the top of the page.
 */
export function RefusalPanel({ message, back }: { message: string; back: string }) {
  const { t } = useTranslation("resource");
  const closeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="refusal-message" className="fixed inset-0 z-40 flex items-center justify-center bg-black/30" data-testid="transition-refused">
      <div className="w-96 rounded-lg border border-danger/40 bg-panel p-5 shadow-xl">
        <p id="refusal-message" role="alert" className="mb-4 text-sm text-danger">
          {message}
        </p>
        <div className="flex justify-end">
          <LinkButton ref={closeRef} to={back}>
            {t("refusalClose")}
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
