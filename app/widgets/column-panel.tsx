import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { checkColumnChoice, columnOrder, labelOf, type ColumnDef, type ColumnPrefs } from "~/lib/list/types";
import { useHydrated } from "./use-hydrated";
import { buttonClass } from "~/ui/button";

/**
 * 显示配置 (spec §2/§5): show, hide and reorder a list's columns; refuses hiding a fixed column
 * (<label>不可隐藏) and hiding all (显示字段不能为空). The choice is saved on the server per user.
 * A <details> panel, so it opens without JavaScript too. Reordering needs JavaScript, so its ↑/↓ buttons come
 * with it: the server's page (on every list screen) carries only the checkboxes.
 */
export function ColumnPanel({ columns, prefs, formAction, serverError }: { columns: ColumnDef[]; prefs: ColumnPrefs | null; formAction: string; serverError?: string | null }) {
  const { t, i18n } = useTranslation("resource");
  const lang = i18n.language;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const [order, setOrder] = useState(() => columnOrder(columns, prefs));
  const [visible, setVisible] = useState(() => columns.filter((c) => c.fixed || !prefs?.hidden.includes(c.key)).map((c) => c.key));
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();

  const toggle = (key: string, on: boolean) => {
    const next = on ? [...visible, key] : visible.filter((k) => k !== key);
    const refused = checkColumnChoice(columns, next);
    if (refused) {
      setError(refused.message === "fixedColumn" ? t("fixedColumn", { label: labelOf(refused.column.label, lang) }) : t("noColumns"));
      return;
    }
    setError(null);
    setVisible(next);
  };
  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setOrder(next);
  };

  return (
    <details className="relative" open={serverError ? true : undefined}>
      <summary className={buttonClass({ variant: "secondary", className: "list-none px-3 text-sm" })}>{t("columnConfig")}</summary>
      <Form method="post" action={formAction} className="absolute right-0 z-20 mt-1 w-72 rounded-lg border border-line bg-panel p-3 shadow-xl" data-testid="column-panel">
        <input type="hidden" name="intent" value="columns" />
        <input type="hidden" name="order" value={order.join(",")} />
        {error || serverError ? (
          <p role="alert" className="mb-2 text-sm text-danger">
            {error ?? serverError}
          </p>
        ) : null}
        <ul className="mb-3 max-h-80 overflow-y-auto">
          {order.map((key, i) => {
            const c = byKey.get(key)!;
            const label = labelOf(c.label, lang);
            return (
              <li key={key} className="flex items-center gap-2 py-1 text-sm text-ink">
                <label className="flex flex-1 items-center gap-2">
                  <input type="checkbox" name="visible" value={key} checked={visible.includes(key)} onChange={(e) => toggle(key, e.currentTarget.checked)} />
                  {label}
                </label>
                {hydrated ? (
                  <>
                    <button type="button" onClick={() => move(i, -1)} disabled={i === 0} aria-label={t("moveUp", { label })} className="px-1 text-muted hover:text-brand disabled:opacity-30">
                      ↑
                    </button>
                    <button type="button" onClick={() => move(i, 1)} disabled={i === order.length - 1} aria-label={t("moveDown", { label })} className="px-1 text-muted hover:text-brand disabled:opacity-30">
                      ↓
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
        <button type="submit" className="h-8 w-full rounded-md bg-brand text-sm text-white hover:opacity-90">
          {t("confirm")}
        </button>
      </Form>
    </details>
  );
}
