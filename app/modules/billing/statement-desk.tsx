/**
 * The clerk's statement page: what the customer sees (the same tables), the link in force with send, send again and
 * withdraw, the disputes to answer (a note, and an adjustment of the item's bill when money moves) and the history.
 * Plain forms: it works before the page's scripts have loaded.
 */
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BILLS } from "~/modules/billing/texts/bills";
import { STATEMENTS } from "~/modules/billing/texts/statements";
import { useMessage } from "~/i18n/message";
import { formatCents } from "~/lib/cents";
import { formatInZone } from "~/lib/tenant-clock";
import { Button, LinkButton } from "~/ui/button";
import { Card } from "~/ui/card";
import { Alert, Field } from "~/ui/field";
import { FlashToast } from "~/widgets/toast";
import { BILL_LIST_PATH, statementHref } from "./bills.resource";
import type {
  statementDeskLoader,
  StatementDeskAction,
} from "./statement-desk.server";
import { STATEMENT_STATE } from "../../../db/states";

/** 复制链接: the link to the clipboard (the link is on the page as text too, for a browser without scripts). */
function CopyLink({ link }: { link: string }) {
  const { t } = useTranslation(STATEMENTS);
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="ml-2 rounded-md border border-line px-2 py-0.5 text-xs text-ink hover:border-brand hover:text-brand"
      data-testid="copy-statement-link"
      onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
    >
      {copied ? t("notify.copied") : t("desk.copy")}
    </button>
  );
}

export function StatementDesk() {
  const page = useLoaderData<typeof statementDeskLoader>();
  const action = useActionData<StatementDeskAction>();
  const { t, i18n } = useTranslation(STATEMENTS);
  const { t: tb } = useTranslation(BILLS);
  const message = useMessage();
  const busy = useNavigation().state !== "idle";
  const s = page.statement;
  const here = statementHref(page.id);
  const when = (ms: number | null) =>
    ms
      ? formatInZone(ms, s.timeZone, i18n.language, {
          dateStyle: "medium",
          timeStyle: "short",
        })
      : "";
  const items = new Map(
    s.bills.flatMap((b) =>
      b.items.map((i) => [i.id, { ...i, bill: b.number }] as const)
    )
  );
  const answered = new Set(
    s.events.filter((e) => e.kind === "answered").map((e) => e.billItemId)
  );
  const open = s.events.filter(
    (e) => e.kind === "disputed" && e.billItemId && !answered.has(e.billItemId)
  );
  const itemText = (id: number | null) => {
    const i = id ? items.get(id) : undefined;
    return i
      ? `${i.bill} · ${i.machine ?? tb("contractWide")} · ${tb(
          `rules.${i.rule}`
        )} · ${formatCents(i.amountCents)}`
      : "";
  };
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="statement-desk">
      <FlashToast
        message={page.saved ? message("operationSuccess") : null}
        token={page}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-ink">
          {t("title")} {s.number} · {t(`states.${s.state as 0 | 1 | 2 | 3}`)}
        </h1>
        <LinkButton to={BILL_LIST_PATH}>{t("desk.back")}</LinkButton>
      </div>
      {action && !action.itemId ? (
        <Alert tone="error">{message(action.error)}</Alert>
      ) : null}
      {/* the link answers as the customer: only whoever may send the statement sees it (the loader sends it to no one else) */}
      {page.can.act ? (
        <Card title={t("desk.link")}>
          {page.link ? (
            <p className="mb-3 break-all text-sm">
              <a
                href={page.link}
                className="text-brand underline"
                data-testid="statement-link"
                target="_blank"
                rel="noreferrer"
              >
                {page.link}
              </a>
              <span className="ml-2 text-muted">
                {t("expires")} {when(s.expiresAt)}
              </span>
              <CopyLink link={page.link} />
            </p>
          ) : (
            <p className="mb-3 text-sm text-muted">{t("desk.noLink")}</p>
          )}
          {s.state !== STATEMENT_STATE.confirmed ? (
            <Form method="post" action={here} className="flex flex-wrap items-end gap-x-3">
              <Field
                id="notify-mobile"
                name="mobile"
                label={t("notify.toMobile")}
                inputMode="tel"
                maxLength={11}
                defaultValue={action?.values?.mobile ?? page.mobile}
                error={action?.fields?.mobile ? message(action.fields.mobile) : null}
              />
              <Field
                id="notify-email"
                name="email"
                type="email"
                label={t("notify.toEmail")}
                maxLength={254}
                defaultValue={action?.values?.email ?? ""}
                error={action?.fields?.email ? message(action.fields.email) : null}
              />
              <div className="mb-4 flex gap-2">
                <Button type="submit" name="intent" value="send" variant="primary" disabled={busy} data-testid="send-statement">
                  {page.link ? t("desk.sendAgain") : t("desk.send")}
                </Button>
                {page.link ? (
                  <Button type="submit" name="intent" value="revoke" variant="danger" disabled={busy}>
                    {t("desk.revoke")}
                  </Button>
                ) : null}
              </div>
              <p className="-mt-2 w-full text-xs text-muted">{t("notify.hint")}</p>
            </Form>
          ) : null}
        </Card>
      ) : null}
      <Card title={t("desk.disputes")}>
        {open.length ? (
          <ul className="flex flex-col gap-4">
            {open.map((e) => (
              <li
                key={`${e.billItemId}-${e.at}`}
                className="rounded-md border border-line p-3"
              >
                <p className="text-sm">
                  <span className="font-medium">{itemText(e.billItemId)}</span>{" "}
                  — {e.customerName}：{e.comment}
                </p>
                {page.can.act ? (
                  <Form
                    method="post"
                    action={here}
                    className="mt-2 grid gap-3 lg:grid-cols-[1fr_260px_auto] lg:items-start"
                  >
                    <input
                      type="hidden"
                      name="itemId"
                      value={e.billItemId ?? ""}
                    />
                    <Field
                      id={`answer-note-${e.billItemId}`}
                      name="note"
                      label={t("desk.answerNote")}
                      required
                      maxLength={200}
                      defaultValue={
                        action?.itemId === e.billItemId
                          ? action.values?.note
                          : ""
                      }
                      error={
                        action?.itemId === e.billItemId
                          ? message(action.error)
                          : null
                      }
                    />
                    <Field
                      id={`answer-amount-${e.billItemId}`}
                      name="amount"
                      label={t("desk.answerAmount")}
                      inputMode="decimal"
                      defaultValue={
                        action?.itemId === e.billItemId
                          ? action.values?.amount
                          : ""
                      }
                    />
                    <Button
                      type="submit"
                      name="intent"
                      value="answer"
                      disabled={busy}
                      className="lg:mt-[26px]"
                    >
                      {t("desk.answer")}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{t("desk.noDisputes")}</p>
        )}
      </Card>
      <Card title={tb("items")}>
        {s.bills.map((b) => (
          <section key={b.id} className="mb-4">
            <h2 className="mb-2 font-medium">
              {b.number} · {b.periodFrom} ～ {b.periodTo} ·{" "}
              {formatCents(b.amountCents)}
            </h2>
            <ul className="text-sm">
              {b.items.map((i) => (
                <li
                  key={i.id}
                  className="flex justify-between border-b border-line py-1"
                >
                  <span>
                    {i.machine ?? tb("contractWide")} ·{" "}
                    {tb(`rules.${i.rule}`)} · {i.quantity}
                  </span>
                  <span className="tabular-nums">
                    {formatCents(i.amountCents)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="text-right font-semibold tabular-nums">
          {tb("amount")} {formatCents(s.amountCents)}
        </p>
      </Card>
      <Card title={t("desk.events")}>
        <ol
          className="flex flex-col gap-1 text-sm"
          data-testid="statement-events"
        >
          {s.events.map((e, n) => (
            <li key={n}>
              <span className="tabular-nums text-muted">{when(e.at)}</span>{" "}
              {t(`desk.kinds.${e.kind}`)}
              {e.customerName ? ` · ${e.customerName}` : ""}
              {e.billItemId ? ` · ${itemText(e.billItemId)}` : ""}
              {e.comment ? ` · ${e.comment}` : ""}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
