import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "./button";

/** The error boundary every route exports: 403 → 权限不足！, 404 → not found, anything else → 服务异常 (never a stack trace). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, message] =
    status === 403
      ? [t("forbiddenTitle"), t("forbiddenMessage")]
      : status === 404
        ? [t("notFoundTitle"), t("notFoundMessage")]
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
