/** 我的待办: the documents whose current approval step the user decides, each a link to the document. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import type { TodoItem } from "./approval.server";

export function TodoList({ items }: { items: TodoItem[] }) {
  const { t } = useTranslation("workflow");
  const message = useMessage();
  return (
    <section aria-labelledby="todo-title" className="rounded-lg border border-line bg-panel p-6" data-testid="todo">
      <div className="flex items-baseline justify-between">
        <h2 id="todo-title" className="text-lg font-semibold">
          {t("todo")}
        </h2>
        {items.length ? <span className="rounded-full bg-brand px-2 text-sm text-white">{items.length}</span> : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-4 text-muted">{t("todoEmpty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="flex items-center justify-between gap-4 py-2 text-sm">
              <Link to={item.href} className="min-w-0 truncate text-brand hover:underline">
                {message(item.title)} · {item.label}
              </Link>
              <span className="shrink-0 text-muted">{t("todoStep", { step: item.step, steps: item.steps })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
