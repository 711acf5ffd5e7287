import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "~/i18n/screen/system-admin";
import { buildMenuTree, type MenuNode } from "~/lib/navigation";
import { ConfirmPanel, ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { labelOf, listHref } from "~/lib/list/types";
import { actionsOf, roleView } from "~/modules/system/role.resource";
import { roleIntents, roleResource, type GrantMenu, type RoleActionData } from "~/modules/system/role.server";
import { Button } from "~/ui/field";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "角色管理", en: "Role Management" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, roleResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, roleResource, { intents: roleIntents });

export default function RoleManage() {
  const { t } = useTranslation(SYSTEM);
  const { can, query } = useLoaderData<typeof loader>();
  return (
    <>
      <ResourcePage
        view={roleView}
        toolbar={
          can.edit ? (
            <Button type="submit" name="intent" value="grant" variant="ghost">
              {t("role.grant")}
            </Button>
          ) : null
        }
      />
      <GrantPanel back={listHref(roleView.path, query)} />
    </>
  );
}

/** The role's menus as a tree of checkboxes, each screen with its function codes. */
function GrantPanel({ back }: { back: string }) {
  const action = useActionData<RoleActionData>();
  const { t, i18n } = useTranslation(SYSTEM);
  if (action?.intent !== "grant") return null;
  const lang = i18n.language;
  const byPrivisId = new Map(action.menus.map((m) => [m.privisId, m]));
  const tree = buildMenuTree(action.menus.map((m) => ({ ...m, sort: 0, type: 0, home: false, once: false, query: null, icon: null })));
  const granted = new Set(action.granted);
  const codes = new Set(action.codes);
  const label = (m: { name: string; nameEn: string }) => (lang.startsWith("zh") ? m.name : m.nameEn);

  const Node = ({ node, depth }: { node: MenuNode; depth: number }) => {
    const menu = byPrivisId.get(node.privisId) as GrantMenu;
    return (
      <li className={depth ? "ml-5" : ""}>
        <label className="flex items-center gap-2 py-0.5 text-sm text-ink">
          <input type="checkbox" name="menus" value={menu.id} defaultChecked={granted.has(menu.id)} />
          <span className={node.children.length ? "font-medium" : ""}>{label(menu)}</span>
        </label>
        {menu.routerPath && !node.children.length ? (
          <div className="ml-6 flex flex-wrap gap-x-3 text-xs text-muted">
            {actionsOf(menu.privis).map((a) => (
              <label key={a.key} className="flex items-center gap-1">
                <input type="checkbox" name="codes" value={`${menu.privis}:${a.key}`} defaultChecked={codes.has(`${menu.privis}:${a.key}`)} aria-label={`${label(menu)} ${labelOf(a.label, lang)}`} />
                {labelOf(a.label, lang)}
              </label>
            ))}
          </div>
        ) : null}
        {node.children.length ? (
          <ul>
            {node.children.map((c) => (
              <Node key={c.privisId} node={c} depth={depth + 1} />
            ))}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <ConfirmPanel title={t("role.grantTitle", { name: action.role.name })} back={back} formAction={back} wide tone="primary">
      <input type="hidden" name="intent" value="saveGrant" />
      <input type="hidden" name="ids" value={action.role.id} />
      <ul className="mb-4 max-h-[60vh] overflow-y-auto rounded-md border border-line p-3" data-testid="grant-tree">
        {tree.map((n) => (
          <Node key={n.privisId} node={n} depth={0} />
        ))}
      </ul>
    </ConfirmPanel>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
