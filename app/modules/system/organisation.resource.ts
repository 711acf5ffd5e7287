import { defineView } from "~/lib/list/types";

/** /orgManage: the tenant's organisation tree (departments). The root is the company itself. */
export const organisationView = defineView({
  name: "organisation",
  path: "/orgManage",
  permission: "orgManage",
  title: { zh: "组织管理", en: "Organisations" },
  singular: { zh: "组织", en: "organisation" },
  rowLabel: "name",
  columns: [
    { key: "name", label: { zh: "组织名称", en: "Name" }, fixed: true },
    { key: "userCount", label: { zh: "用户数", en: "Users" }, type: "number" },
  ],
  filters: [],
  form: [
    { key: "name", label: { zh: "组织名称", en: "Name" }, type: "text", required: true, maxLength: 30, hint: { zh: "中文、字母、数字、括号或 -", en: "Chinese characters, letters, digits, brackets or -" } },
    { key: "parentId", label: { zh: "上级组织", en: "Parent" }, type: "select", required: true },
    { key: "sort", label: { zh: "排序", en: "Order" }, type: "text", maxLength: 5, defaultValue: "0" },
  ],
});

export interface OrgNode {
  id: number;
  version: number;
  parentId: number | null;
  name: string;
  sort: number;
  userCount: number;
}

/** The ids below a node (not the node itself): a node cannot move under any of them. */
export function descendantsOf(nodes: Pick<OrgNode, "id" | "parentId">[], id: number): Set<number> {
  const below = new Set<number>();
  const walk = (parent: number) => {
    for (const n of nodes) if (n.parentId === parent && !below.has(n.id)) {
      below.add(n.id);
      walk(n.id);
    }
  };
  walk(id);
  return below;
}
