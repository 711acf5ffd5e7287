import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireScope } from "~/modules/access/access.server";
import { readFlash } from "~/modules/auth/session.server";
import { ConfirmPanel, useMessage } from "~/modules/resource/resource-page";
import { resourceAction, type ResourceActionData } from "~/modules/resource/route.server";
import { descendantsOf, organisationView, type OrgNode } from "~/modules/system/organisation.resource";
import { loadOrgTree, organisationResource } from "~/modules/system/organisation.server";
import { Alert, Button, describedBy, Field, FieldNotes } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { LinkButton } from "~/ui/button";
import { Badge } from "~/ui/badge";
import { pageTitle } from "~/lib/page-title";
import { boxClass } from "~/ui/input";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "组织管理", en: "Organisations" }) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: organisationView.path });
  const url = new URL(request.url);
  const nodes = await loadOrgTree(scope);
  const has = (a: string) => scope.access.permissions.has(`orgManage:${a}`);
  const selectedParam = url.searchParams.get("id") ?? url.searchParams.get("edit");
  const selected = nodes.find((n) => n.id === Number(selectedParam)) ?? null;
  const newUnder = nodes.find((n) => n.id === Number(url.searchParams.get("new"))) ?? null;
  if (selectedParam !== null && !selected) throw new Response("Not Found", { status: 404 });
  const { flash, clear } = readFlash(request);
  return Response.json(
    { nodes, selected, newUnder: has("add") ? newUnder : null, can: { add: has("add"), edit: has("edit"), delete: has("delete") }, saved: flash === "saved" },
    { headers: clear ? { "Set-Cookie": clear } : {} },
  );
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, organisationResource);

type Data = { nodes: OrgNode[]; selected: OrgNode | null; newUnder: OrgNode | null; can: { add: boolean; edit: boolean; delete: boolean }; saved: boolean };

export default function OrgManage() {
  const { nodes, selected, newUnder, can, saved } = useLoaderData<Data>();
  const action = useActionData<ResourceActionData>();
  const { t } = useTranslation("system");
  const message = useMessage();
  const roots = nodes.filter((n) => n.parentId === null);
  return (
    <div className="p-4">
      <h1 className="mb-3 text-xl font-semibold text-ink">{message("screens:/orgManage")}</h1>
      {saved ? <Alert tone="success">{message("operationSuccess")}</Alert> : null}
      {action?.intent === "delete" ? <Alert tone="error">{message(action.error)}</Alert> : null}
      <div className="flex items-start gap-4">
        <nav aria-label={message("screens:/orgManage")} className="w-72 shrink-0 rounded-lg border border-line bg-panel p-3" data-testid="org-tree">
          <ul>
            {roots.map((r) => (
              <TreeNode key={r.id} node={r} nodes={nodes} selectedId={selected?.id ?? null} />
            ))}
          </ul>
        </nav>
        <section className="min-w-0 flex-1 rounded-lg border border-line bg-panel p-4">
          {action?.intent === "create" ? (
            // a refused save comes back with its messages and what was typed
            <OrgForm nodes={nodes} mode="create" parentId={Number(action.values.parentId)} />
          ) : action?.intent === "update" && nodes.some((n) => n.id === Number(action.values.id)) ? (
            <OrgForm nodes={nodes} mode="edit" node={nodes.find((n) => n.id === Number(action.values.id))} parentId={Number(action.values.parentId)} />
          ) : newUnder ? (
            <OrgForm nodes={nodes} mode="create" parentId={newUnder.id} />
          ) : selected ? (
            <SelectedNode node={selected} nodes={nodes} can={can} />
          ) : (
            <p className="text-muted">{t("organisation.selectNode")}</p>
          )}
        </section>
      </div>
      {action?.intent === "confirmDelete" ? (
        <ConfirmPanel title={message("resource:deleteConfirm")} detail={message("resource:deleteWhat").replace("{{labels}}", action.labels.join("、"))} back={organisationView.path} formAction={organisationView.path}>
          {action.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <input type="hidden" name="intent" value="delete" />
        </ConfirmPanel>
      ) : null}
    </div>
  );
}

function TreeNode({ node, nodes, selectedId }: { node: OrgNode; nodes: OrgNode[]; selectedId: number | null }) {
  const children = nodes.filter((n) => n.parentId === node.id);
  return (
    <li>
      <Link to={`?id=${node.id}`} aria-current={node.id === selectedId ? "true" : undefined} className="block rounded px-2 py-1 text-sm text-ink hover:bg-canvas aria-[current]:bg-brand aria-[current]:text-white">
        {node.name}
        {node.userCount ? <span className="ml-1 text-xs opacity-70">({node.userCount})</span> : null}
      </Link>
      {children.length ? (
        <ul className="ml-4 border-l border-line pl-1">
          {children.map((c) => (
            <TreeNode key={c.id} node={c} nodes={nodes} selectedId={selectedId} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function SelectedNode({ node, nodes, can }: { node: OrgNode; nodes: OrgNode[]; can: Data["can"] }) {
  const { t } = useTranslation("system");
  const { t: tr } = useTranslation("resource");
  const isRoot = node.parentId === null;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-base font-semibold text-ink">
          {node.name} {isRoot ? <Badge className="ml-1">{t("organisation.root")}</Badge> : null}
        </h2>
        {can.add ? (
          <LinkButton to={`?new=${node.id}`} variant="primary" data-testid="add-child">
            {t("organisation.addChild")}
          </LinkButton>
        ) : null}
        {can.delete && !isRoot ? (
          <Form method="post">
            <input type="hidden" name="ids" value={node.id} />
            <Button type="submit" name="intent" value="confirmDelete" variant="ghost">
              {tr("delete")}
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="mb-4 text-sm text-muted">{t("organisation.users", { count: node.userCount })}</p>
      {can.edit && !isRoot ? <OrgForm nodes={nodes} mode="edit" node={node} parentId={node.parentId!} /> : isRoot ? <p className="text-sm text-muted">{t("organisation.rootLocked")}</p> : null}
    </div>
  );
}

function OrgForm({ nodes, mode, node, parentId }: { nodes: OrgNode[]; mode: "create" | "edit"; node?: OrgNode; parentId: number }) {
  const action = useActionData<ResourceActionData>();
  const navigation = useNavigation();
  const message = useMessage();
  const { t } = useTranslation("resource");
  const posted = action && (action.intent === "create" || action.intent === "update") ? action : null;
  const errors = posted?.errors ?? {};
  const value = (k: string, fallback: string) => (posted?.values[k] == null ? fallback : String(posted.values[k]));
  // a node can move anywhere except under itself or below itself
  const blocked = node ? new Set([node.id, ...descendantsOf(nodes, node.id)]) : new Set<number>();
  const depth = (n: OrgNode): number => (n.parentId === null ? 0 : 1 + depth(nodes.find((x) => x.id === n.parentId) ?? { ...n, parentId: null }));
  return (
    <Form method="post" className="max-w-md" data-testid="org-form">
      <input type="hidden" name="intent" value={mode === "create" ? "create" : "update"} />
      {node ? (
        <>
          <input type="hidden" name="id" value={node.id} />
          <input type="hidden" name="version" value={node.version} />
        </>
      ) : null}
      {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
      <Field id="org-name" name="name" label={message("system:organisation.name")} defaultValue={value("name", node?.name ?? "")} maxLength={30} error={errors.name ? message(errors.name) : null} autoFocus />
      <div className="mb-4">
        <label htmlFor="org-parent" className="mb-1 block text-sm font-medium text-ink">
          {message("system:organisation.parent")}
        </label>
        <select id="org-parent" name="parentId" defaultValue={value("parentId", String(parentId))} aria-invalid={errors.parentId ? true : undefined} aria-describedby={describedBy("org-parent", null, errors.parentId)} className={`${boxClass} h-9 w-full px-3`}>
          {nodes
            .filter((n) => !blocked.has(n.id))
            .map((n) => (
              <option key={n.id} value={n.id}>
                {"　".repeat(depth(n))}
                {n.name}
              </option>
            ))}
        </select>
        <FieldNotes id="org-parent" error={errors.parentId ? message(errors.parentId) : null} />
      </div>
      <Field id="org-sort" name="sort" label={message("system:organisation.sort")} defaultValue={value("sort", String(node?.sort ?? 0))} inputMode="numeric" maxLength={5} error={errors.sort ? message(errors.sort) : null} />
      <div className="flex gap-2">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("save")}
        </Button>
        <LinkButton to={node ? `?id=${node.id}` : "?"}>
          {t("cancel")}
        </LinkButton>
      </div>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
