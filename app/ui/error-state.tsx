import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "./button";
import { FORM_MAX_FIELDS, FORM_MAX_ROWS, refusalReason } from "~/lib/posted-form";

/** The error boundary every route exports: 403 → 权限不足！, 404 → not found, a refused form → why, anything else → 服务异常 (never a stack trace). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // a posted form refused by the bounded reader (app/lib/posted-form.server.ts) says why
  const refused = isRouteErrorResponse(error) && (status === 400 || status === 413) ? refusalReason(error.data) : null;
  const [title, message] =
    status === 403
      ? [t("forbiddenTitle"), t("forbiddenMessage")]
      : status === 404
        ? [t("notFoundTitle"), t("notFoundMessage")]
        : refused
          ? [t("formRefusedTitle"), t(`formRefused.${refused}`, { max: refused === "tooManyFields" ? FORM_MAX_FIELDS : FORM_MAX_ROWS })]
          : [t("serverError"), ""];
  return (
    <div role="alert" data-status={status} className="m-6 rounded-lg border border-line bg-panel p-8 shadow-sm">
      <h1 className={`text-xl font-semibold ${status === 403 ? "text-danger" : "text-ink"}`}>{title}</h1>
      {message ? <p className="mt-3 text-muted">{message}</p> : null}
      <LinkButton to="/manageWork" variant="primary" className="mt-6">
        {t("goHome")}
      </LinkButton>
    </div>
  );
}
