import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { Alert, Button } from "~/ui/field";
import { DataTable } from "~/widgets/data-table";
import { SearchBar } from "~/widgets/search-bar";
import type { ResourceActionData, resourceLoader } from "./route.server";
import type { FormExtra } from "./resource-drawers";
import { ColumnPanel } from "~/widgets/column-panel";
import { applyColumnPrefs, documentHref, labelOf, listHref, sheetFields, type ResourceView } from "~/lib/list/types";
import { DownloadLink, Spinner } from "~/widgets/download-link";
import { FlashToast } from "~/widgets/toast";
import { QueryLink } from "~/widgets/list-navigation";

type LoaderData = Awaited<ReturnType<typeof resourceLoader>>["data"];
/** A listed row as the generic page knows it; a screen names its resource's own (`RowOf<typeof someResource>`). */
export type ListedRow = { id: number; [k: string]: unknown };

/** The machinery's message translator, kept here for the screens that import it with the page. */
export { useMessage } from "~/i18n/message";
export { ConfirmPanel } from "./confirm-panel";
import { ConfirmPanel } from "./confirm-panel";
import { useMessage } from "~/i18n/message";
import { buttonClass, LinkButton } from "~/ui/button";

// the detail and form drawers with their field widgets (map and vehicle pickers) come when a drawer opens; the server
// renders them in place, so a drawer reached by its address (?new=1, ?edit=, ?view=) works without JavaScript too
const ResourceDetail = lazy(() => import("./resource-drawers").then((m) => ({ default: m.ResourceDetail })));
const ResourceForm = lazy(() => import("./resource-drawers").then((m) => ({ default: m.ResourceForm })));

/**
 * The generic list screen of a resource: search bar, toolbar (新增 / 编辑 / 删除 and the resource's own),
 * the table, and the create/edit panel and delete confirmation rendered by the server, so every step
 * also works without JavaScript.
 */
export function ResourcePage<Row extends { id: number } = ListedRow>({
  view,
  toolbar,
  rowActions,
  detail,
  formExtra,
}: {
  view: ResourceView;
  toolbar?: ReactNode;
  /** links and buttons of one row; `Row` is the rows of the resource the route's loader lists (resourceLoader) */
  rowActions?: (row: Row, can: LoaderData["can"]) => ReactNode;
  /** shown under the fields of the read-only detail (?view=): e.g. the document's approval */
  detail?: ReactNode;
  /** the screen's own fields under the generic ones in the create/edit drawer (lines, money, uploads) */
  formExtra?: FormExtra;
}) {
  const data = useLoaderData<LoaderData>();
  const action = useActionData<ResourceActionData>();
  const { t, i18n } = useTranslation("resource");
  const message = useMessage();
  const lang = i18n.language;
  const { search } = useLocation();
  const title = labelOf(view.title, lang);
  const rows = data.rows as Row[];
  const back = listHref(view.path, data.query);
  const formAction = `${view.path}${search}`;
  const exportSearch = back.slice(view.path.length);
  const filters = useMemo(() => view.filters.map((f) => (data.filterOptions[f.key] ? { ...f, options: data.filterOptions[f.key] } : f)), [view.filters, data.filterOptions]);
  const imported = action?.intent === "import" && !action.report.fileError && action.report.rejected.length === 0 ? action : null;

  return (
    <div className="p-4">
      <h1 className="mb-3 text-xl font-semibold text-ink">{title}</h1>
      {/* 操作成功！ after a save or delete (a flash through the redirect) and after an import without rejected rows */}
      <FlashToast message={data.flash === "saved" ? message("operationSuccess") : null} token={data} />
      <FlashToast message={imported ? message("operationSuccess") : null} token={imported} />
      {action?.intent === "selection" ? <Alert tone="error">{t(action.error)}</Alert> : null}
      {action?.intent === "delete" ? <Alert tone="error">{message(action.error)}</Alert> : null}
      {action?.intent === "import" ? <ImportReportView view={view} report={action.report} /> : null}
      <SearchBar path={view.path} filters={filters} query={data.query} />
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
      <div className="flex flex-wrap gap-2">
      <Form method="post" action={formAction} id="rows-form" className="flex flex-wrap gap-2" aria-label={t("actions")}>
        {data.can.add ? (
          <LinkButton to={view.document ? documentHref(view.path, "new") : withQuery(back, "new=1")} variant="primary" data-testid="add">
            {t("add")}
          </LinkButton>
        ) : null}
        {data.can.edit ? (
          <Button type="submit" name="intent" value="edit" variant="ghost">
            {t("edit")}
          </Button>
        ) : null}
        {data.can.delete ? (
          <Button type="submit" name="intent" value="confirmDelete" variant="ghost">
            {t("delete")}
          </Button>
        ) : null}
        {toolbar}
        {data.can.export ? (
          <DownloadLink
            href={`/excel/${view.name}/export${exportSearch}`}
            busyText={(percent) => (percent === null ? t("exporting") : t("exportProgress", { percent }))}
            doneText={t("exportDone")}
            className={buttonClass({ variant: "secondary" })}
            data-testid="export"
          >
            {t("export")}
          </DownloadLink>
        ) : null}
      </Form>
      {data.can.import ? <ImportPanel view={view} formAction={formAction} /> : null}
      </div>
        <ColumnPanel
          key={JSON.stringify(data.columnPrefs)}
          columns={view.columns}
          prefs={data.columnPrefs}
          formAction={formAction}
          serverError={action?.intent === "columns" ? (action.error === "noColumns" ? t("noColumns") : t("fixedColumn", { label: labelOf(view.columns.find((c) => c.key === action.column)?.label ?? { zh: "", en: "" }, lang) })) : null}
        />
      </div>
      <DataTable
        path={view.path}
        columns={applyColumnPrefs(view.columns, data.columnPrefs)}
        rows={rows}
        total={data.total}
        query={data.query}
        filters={filters}
        formId={view.readOnly ? undefined : "rows-form"}
        rowLabel={(r) => String((r as Record<string, unknown>)[view.rowLabel] ?? r.id)}
        rowActions={(r) => (
          <span className="flex gap-3">
            <QueryLink to={view.document ? documentHref(view.path, r.id) : withQuery(back, `view=${r.id}`)} className="text-brand">
              {t("detail")}
            </QueryLink>
            {rowActions?.(r, data.can)}
          </span>
        )}
        emptyAction={
          data.can.add ? (
            <Link to={view.document ? documentHref(view.path, "new") : withQuery(back, "new=1")} className="text-brand">
              {t("add")}
            </Link>
          ) : null
        }
      />
      {action?.intent === "confirmDelete" ? (
        <ConfirmPanel title={t("deleteConfirm")} detail={t("deleteWhat", { labels: action.labels.join("、") })} back={back} formAction={formAction}>
          {action.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <input type="hidden" name="intent" value="delete" />
        </ConfirmPanel>
      ) : null}
      <Suspense fallback={null}>
        {data.form?.mode === "view" ? (
          <ResourceDetail view={view} values={data.form.values} options={data.options} back={back} canEdit={data.can.edit} extra={detail} />
        ) : data.form ? (
          <ResourceForm key={`${data.form.mode}-${String((data.form.values as Record<string, unknown>).id ?? "new")}`} view={view} mode={data.form.mode} values={data.form.values} options={data.options} back={back} formAction={formAction} extra={formExtra} />
        ) : action?.intent === "create" || action?.intent === "update" ? (
          // a save refused by the server: the panel comes back with the messages and what was typed
          <ResourceForm key={`${action.intent}-${String(action.values.id ?? "new")}`} view={view} mode={action.intent === "create" ? "create" : "edit"} values={action.values} options={action.options} back={back} formAction={formAction} extra={formExtra} />
        ) : null}
      </Suspense>
    </div>
  );
}


/** 导入: a file, the template to fill, and a progress note while the server works through the rows. */
function ImportPanel({ view, formAction }: { view: ResourceView; formAction: string }) {
  const { t } = useTranslation("resource");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  return (
    <details className="relative">
      <summary className={buttonClass({ variant: "secondary", className: "list-none [&::-webkit-details-marker]:hidden" })}>{t("import")}</summary>
      <Form method="post" action={formAction} encType="multipart/form-data" className="absolute right-0 z-20 mt-1 w-80 rounded-lg border border-line bg-panel p-3 shadow-xl" data-testid="import-panel">
        <input type="hidden" name="intent" value="import" />
        <label className="mb-2 block text-sm text-ink">
          {t("importFile")}
          <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className="mt-1 block w-full text-sm" />
        </label>
        <a href={`/excel/${view.name}/template`} download className="mb-3 block text-sm text-brand">
          {t("template")}
        </a>
        {busy ? (
          // the upload and the row-by-row check take as long as they take: an indeterminate bar until the report comes
          <div role="progressbar" aria-label={t("importing")} className="mb-2 h-1 overflow-hidden rounded bg-brand-soft" data-testid="import-progress">
            <div className="loading-bar h-full w-1/4 rounded bg-brand" />
          </div>
        ) : null}
        <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
          {busy ? (
            <span className="inline-flex items-center justify-center">
              <Spinner />
              {t("importing")}
            </span>
          ) : (
            t("import")
          )}
        </Button>
      </Form>
    </details>
  );
}

function ImportReportView({ view, report }: { view: ResourceView; report: { created: number; rejected: { row: number; reasons: { field: string; message: string }[] }[]; fileError?: string } }) {
  const { t, i18n } = useTranslation("resource");
  const message = useMessage();
  if (report.fileError) return <Alert tone="error">{message(report.fileError)}</Alert>;
  const lang = i18n.language;
  const lines = view.sheet?.lines;
  const labelOfField = (key: string) => {
    // a refused line of the lines sheet: its sheet, its own row there, its field
    const line = lines ? new RegExp(`^${lines.key}(?:\\[(\\d+)\\](?:\\.(\\w+))?)?$`).exec(key) : null;
    if (lines && line) {
      const f = lines.fields.find((x) => x.key === line[2]);
      return [labelOf(lines.title, lang), line[1] ? t("importRow", { row: Number(line[1]) }) : "", f ? labelOf(f.label, lang) : ""].filter(Boolean).join(" ");
    }
    const f = sheetFields(view).find((x) => x.key === key);
    return f ? labelOf(f.label, lang) : "";
  };
  return (
    <div role="status" className="mb-3 rounded-md border border-line bg-panel px-3 py-2 text-sm" data-testid="import-report">
      <p className={report.rejected.length ? "text-danger" : "text-success"}>{t("importDone", { created: report.created, rejected: report.rejected.length })}</p>
      {report.rejected.length ? (
        <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-ink">
          {report.rejected.map((r) => (
            <li key={r.row}>
              {t("importRow", { row: r.row })}：{r.reasons.map((x) => [labelOfField(x.field), message(x.message)].filter(Boolean).join(" ")).join("；")}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
