import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

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
      <Link to="/manageWork" className="mt-6 inline-block rounded-md bg-brand px-4 py-2 text-white">
        {t("goHome")}
      </Link>
    </div>
  );
}
