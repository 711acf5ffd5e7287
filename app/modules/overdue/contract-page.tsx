import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OVERDUE } from "~/modules/overdue/texts/overdue";
import { useMessage } from "~/i18n/message";
import { formatCents } from "~/lib/cents";
import { DocumentTransitions, TransitionPanel } from "~/modules/workflow/transition-ui";
import { buttonClass } from "~/ui/button";
import { Alert } from "~/ui/field";
import { Upload } from "~/widgets/upload";
import type { ActActionData, contractLoader } from "./contract-page.server";
import { ACT_KINDS, ACT_STATE, BUCKETS, LAWSUIT_STAGES, OVERDUE_PATH, URGE_WAYS, collectionStates, type ActKind } from "./overdue";
import { boxClass } from "~/ui/input";
import { LOCK_PATH } from "~/modules/terminals/terminals";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";

const input = `${boxClass} h-9 w-full px-3`;

/** Which fields each kind asks for (the server's schema requires the kind's own). */
const FIELDS: Record<ActKind, string[]> = {
  urge: ["actedOn", "way", "personId", "promisedOn", "promised", "nextOn", "content"],
  personChange: ["actedOn", "personId", "content"],
  delay: ["actedOn", "untilOn", "content"],
  overtimePayment: ["actedOn", "amount", "content"],
  badDebt: ["actedOn", "amount", "content"],
  lawsuit: ["actedOn", "court", "caseNumber", "amount", "stage", "content", "attachments"],
  stopMachine: ["actedOn", "vehicleIds", "content"],
};
const REQUIRED: Record<ActKind, string[]> = {
  urge: ["way", "personId", "content"],
  personChange: ["personId", "content"],
  delay: ["untilOn", "content"],
  overtimePayment: ["amount", "content"],
  badDebt: ["amount", "content"],
  lawsuit: ["court", "caseNumber", "amount", "stage", "content"],
  stopMachine: ["vehicleIds", "content"],
};

/** One overdue contract: its ageing, its collection record with the approval buttons, and a new act's form. */
export function OverdueContractPage() {
  const { t } = useTranslation(OVERDUE);
  const message = useMessage();
  const { contract, ageing, acts, people, machines, kind, today, me, codes, canAdd, canLock, interest } = useLoaderData<typeof contractLoader>();
  const action = useActionData<ActActionData | { intent: string }>();
  const posted = action && "errors" in action && action.intent === "create" ? action : null;
  const errors: Record<string, string> = posted?.errors ?? {};
  const values: Record<string, string> = posted?.values ?? {};
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const kindHref = (k: ActKind) => `${OVERDUE_PATH}/contract?id=${contract.id}&kind=${k}`;
  const field = (key: string, control: (id: string, invalid: boolean) => ReactNode, label: string = t(`field.${key}` as "field.kind")) => {
    const id = `act-${key}`;
    const error = errors[key] ? message(errors[key]!) : null;
    return (
      <div key={key} className={key === "content" || key === "attachments" || key === "vehicleIds" ? "col-span-2" : ""}>
        <label htmlFor={id} className="mb-1 block text-sm text-ink">
          {REQUIRED[kind].includes(key) ? (
            <span className="mr-0.5 text-danger" aria-hidden>
              *
            </span>
          ) : null}
          {label}
        </label>
        {control(id, Boolean(error))}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-danger" data-testid={`error-${key}`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const aria = (id: string, invalid: boolean) => ({ id, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? `${id}-error` : undefined });
  const select = (key: string, options: { value: string; label: string }[], def = "") =>
    field(key, (id, invalid) => (
      <select name={key} defaultValue={values[key] ?? def} className={input} {...aria(id, invalid)}>
        <option value="">{t("choose")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    ));
  const text = (key: string, type = "text", def = "") => field(key, (id, invalid) => <input name={key} type={type} defaultValue={values[key] ?? def} className={input} {...aria(id, invalid)} />);
  const controls: Record<string, () => ReactNode> = {
    actedOn: () => text("actedOn", "date", today),
    way: () => select("way", URGE_WAYS.map((w) => ({ value: w, label: t(`ways.${w}`) }))),
    personId: () =>
      kind === "urge"
        ? field("personId", (id, invalid) => (
            <select name="personId" defaultValue={values.personId ?? String(me)} className={input} {...aria(id, invalid)}>
              <option value="">{t("choose")}</option>
              {people.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ), t("field.urgePerson"))
        : select("personId", people),
    promisedOn: () => text("promisedOn", "date"),
    promised: () => text("promised"),
    nextOn: () => text("nextOn", "date"),
    untilOn: () => text("untilOn", "date"),
    amount: () => text("amount"),
    court: () => text("court"),
    caseNumber: () => text("caseNumber"),
    stage: () => select("stage", LAWSUIT_STAGES.map((s) => ({ value: s, label: t(`stages.${s}`) }))),
    content: () => field("content", (id, invalid) => <textarea name="content" maxLength={500} defaultValue={values.content ?? ""} className={`${input} h-20 py-2`} {...aria(id, invalid)} />),
    attachments: () => field("attachments", (id) => <Upload name="attachments" id={id} />),
    vehicleIds: () => {
      const chosen = new Set((values.vehicleIds ?? "").split(","));
      return field("vehicleIds", (id, invalid) =>
        machines.length === 0 ? (
          <p id={id} className="text-sm text-muted">
            {t("noMachines")}
          </p>
        ) : (
          <fieldset id={id} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink" aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : `${id}-note`}>
            {machines.map((m) => (
              <label key={m.id} className="flex items-center gap-1.5">
                <input type="checkbox" name="vehicleIds" value={m.id} defaultChecked={chosen.has(String(m.id))} className="size-4 accent-brand" />
                {m.plate}
              </label>
            ))}
            <p id={`${id}-note`} className="w-full text-xs text-muted">
              {t("stopNote")}
            </p>
          </fieldset>
        ),
      );
    },
  };
  const detail = (a: (typeof acts)[number]) =>
    [
      a.way ? t(`ways.${a.way as (typeof URGE_WAYS)[number]}`) : null,
      a.personName ? `${a.kind === "urge" ? t("field.urgePerson") : t("field.personId")}: ${a.personName}` : null,
      a.promisedOn || a.promisedCents ? `${t("field.promisedOn")}: ${a.promisedOn ?? "—"} ${a.promisedCents ? formatCents(a.promisedCents) : ""}` : null,
      a.nextOn ? `${t("field.nextOn")}: ${a.nextOn}` : null,
      a.untilOn ? `${t("field.untilOn")}: ${a.untilOn}` : null,
      a.court ? `${t("field.court")}: ${a.court}` : null,
      a.caseNumber ? `${t("field.caseNumber")}: ${a.caseNumber}` : null,
      a.stage ? t(`stages.${a.stage as (typeof LAWSUIT_STAGES)[number]}`) : null,
      a.amountCents ? `${t("field.amount")}: ${formatCents(a.amountCents)}` : null,
      a.plates ? `${t("field.vehicleIds")}: ${a.plates}` : null,
    ]
      .filter(Boolean)
      .join(" · ");
  return (
    <div className="p-4">
      <div className="mb-3 flex items-baseline gap-4">
        <h1 className="text-xl font-semibold text-ink">
          {contract.number} <span className="text-base font-normal text-muted">{contract.name}</span>
        </h1>
        <Link to={OVERDUE_PATH} className="text-sm text-brand hover:underline">
          {t("back")}
        </Link>
      </div>
      <TransitionPanel machine={collectionStates} back={here} />
      <dl className="mb-4 grid grid-cols-4 gap-3 rounded-lg border border-line bg-panel p-4 text-sm xl:grid-cols-8" data-testid="contract-ageing">
        <div>
          <dt className="text-muted">{t("customer")}</dt>
          <dd className="text-ink">{ageing?.customerName ?? "—"}</dd>
        </div>
        {BUCKETS.map((b) => (
          <div key={b}>
            <dt className="text-muted">{t(`buckets.${b}`)}</dt>
            <dd className="tabular-nums text-ink">{formatCents(ageing?.buckets[b] ?? 0)}</dd>
          </div>
        ))}
        <div>
          <dt className="text-muted">{t("total")}</dt>
          <dd className="font-semibold tabular-nums text-danger">{formatCents(ageing?.totalCents ?? 0)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("interest")}</dt>
          <dd className="tabular-nums text-ink">
            {formatCents(ageing?.interestCents ?? 0)}{" "}
            <span className="text-xs text-muted">({ageing?.lateRateBp ? t("ratePerDay", { rate: (ageing.lateRateBp / 10).toFixed(1) }) : t("noRate")})</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t("person")}</dt>
          <dd className="text-ink">{ageing?.responsibleName ?? "—"}</dd>
        </div>
      </dl>
      {interest.length ? (
        <section className="mb-4 rounded-lg border border-line bg-panel p-4" aria-labelledby="interest-runs">
          <h2 id="interest-runs" className="mb-1 font-semibold text-ink">
            {t("interestRuns")}
          </h2>
          <p className="mb-2 text-xs text-muted">{t("interestRule")}</p>
          <Table bare testId="interest-runs">
            <thead>
              <HeadRow>
                <Th dense>{t("interestBill")}</Th>
                <Th dense>{t("interestDays")}</Th>
                <Th dense num>
                  {t("interestBase")}
                </Th>
                <Th dense num>
                  {t("interestRate")}
                </Th>
                <Th dense num>
                  {t("interest")}
                </Th>
              </HeadRow>
            </thead>
            <tbody>
              {interest.map((r) => (
                <Row key={`${r.billNumber}-${r.fromOn}`}>
                  <Td dense>{r.billNumber}</Td>
                  <Td dense>{t("interestSpan", { from: r.fromOn, to: r.toOn, days: r.days })}</Td>
                  <Td dense num>
                    {r.base}
                  </Td>
                  <Td dense num>
                    {(r.rateBp / 100).toFixed(2)}%
                  </Td>
                  <Td dense num>
                    {r.amount}
                  </Td>
                </Row>
              ))}
            </tbody>
          </Table>
        </section>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)_420px] gap-4">
        <section className="rounded-lg border border-line bg-panel p-4">
          <h2 className="mb-2 font-semibold text-ink">{t("acts")}</h2>
          {acts.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">{t("noActs")}</p>
          ) : (
            <ul className="divide-y divide-line" data-testid="acts">
              {acts.map((a) => (
                <li key={a.id} className="py-2 text-sm" data-testid="act">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="tabular-nums text-muted">{a.actedOn}</span>
                    <span className="font-medium text-ink">{t(`kinds.${a.kind}`)}</span>
                    <span className={a.state === ACT_STATE.approved ? "text-success" : a.state === ACT_STATE.refused || a.state === ACT_STATE.aborted ? "text-danger" : "text-muted"}>{t(`states.${String(a.state) as "0"}`)}</span>
                    <span className="text-muted">
                      {t("field.creator")}: {a.creatorName ?? "—"}
                    </span>
                    <span className="ml-auto flex gap-2">
                      {a.kind === "urge" ? null : <DocumentTransitions machine={collectionStates} row={{ id: a.id, version: a.version, state: a.state, kind: a.kind, creatorId: a.creatorId }} codes={codes} me={me} action={here} />}
                      {a.kind === "stopMachine" && a.state === ACT_STATE.approved && canLock ? (
                        <Link to={`${LOCK_PATH}?lock=1&stop=${a.id}`} className={buttonClass({ variant: "secondary", size: "sm" })} data-testid="make-lock-task">
                          {t("makeLockTask")}
                        </Link>
                      ) : null}
                    </span>
                  </div>
                  {detail(a) ? <div className="mt-0.5 text-muted">{detail(a)}</div> : null}
                  <div className="mt-0.5 whitespace-pre-wrap break-all text-ink">{a.content}</div>
                </li>
              ))}
            </ul>
          )}
        </section>
        {canAdd ? (
          <section className="rounded-lg border border-line bg-panel p-4" aria-labelledby="new-act">
            <h2 id="new-act" className="mb-2 font-semibold text-ink">
              {t("newAct")}
            </h2>
            <nav className="mb-3 flex flex-wrap gap-1" aria-label={t("field.kind")}>
              {ACT_KINDS.map((k) => (
                <Link key={k} to={kindHref(k)} replace aria-current={k === kind ? "page" : undefined} className={`rounded-md px-2 py-1 text-sm ${k === kind ? "bg-brand text-white" : "text-brand hover:bg-canvas"}`}>
                  {t(`kinds.${k}`)}
                </Link>
              ))}
            </nav>
            {errors.form || errors.contractId || errors.kind ? <Alert tone="error">{message(errors.form ?? errors.contractId ?? errors.kind!)}</Alert> : null}
            <Form method="post" className="grid grid-cols-2 gap-3" data-testid="act-form">
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="kind" value={kind} />
              <input type="hidden" name="contractId" value={contract.id} />
              {FIELDS[kind].map((k) => controls[k]!())}
              <div className="col-span-2">
                <button type="submit" className={buttonClass({ variant: "primary" })} data-testid="act-save">
                  {kind === "urge" ? t("save") : t("saveSubmit")}
                </button>
              </div>
            </Form>
          </section>
        ) : null}
      </div>
    </div>
  );
}
