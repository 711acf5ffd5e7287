/**
 * The contract document (`/contractList/form`): the head, the machines as a table of nested rows (`lines[i].monthly`…),
 * the one-off fees (`fees[i]`) and the payment plan (`plans[i]`), posted as one form and read by Conform on the server.
 * Adding or removing a row is a submit button the server answers with the form one row longer or shorter, so it works
 * without JavaScript; a contract not editable (in approval, in force) shows the same form disabled.
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CONTRACTS } from "~/modules/contracts/texts/contracts";
import { CONTRACT_FLOW } from "~/modules/contracts/texts/contractFlow";
import { useMessage } from "~/i18n/message";
import { labelOf, type OptionDef } from "~/lib/list/types";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Alert } from "~/ui/field";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { comparedText } from "./compared-text";
import { DocumentFrame, loadedAfterPage } from "~/modules/resource/document-frame";
import { CONTRACT_STATE, CONTRACT_STATES, contractStates } from "./contracts.resource";
import type { DocumentActionData, DocumentData } from "./document.server";

// the form (Conform's state, the head, the machines, fees and plan tables: contract-form.tsx) hydrates once its chunk is
// in, and the bills tab comes after the page: the server renders both (docs/documents.md, "What it weighs")
const FormSlot = loadedAfterPage(() => import("./contract-form").then((m) => m.ContractForm));
const ContractBills = lazy(() => import("~/modules/billing/contract-bills").then((m) => ({ default: m.ContractBills })));

const tones: Record<string, "neutral" | "info" | "success" | "danger"> = { success: "success", danger: "danger", muted: "neutral" };

export function ContractDocument() {
  const loaded = useLoaderData<DocumentData>();
  const action = useActionData<DocumentActionData>();
  const { t, i18n } = useTranslation(CONTRACTS);
  // the transitions' buttons and refusals speak from their own namespace
  useTranslation(CONTRACT_FLOW);
  const message = useMessage();
  const lang = i18n.language;
  const label = (o: OptionDef) => labelOf(o.label, lang);
  const fresh = action?.intent === "document" ? action : null;
  if (loaded.mode === "none") {
    return (
      <div className="p-4">
        <p className="text-muted">
          {t("pick")}{" "}
          <Link to="/contractList" className="text-brand">
            {t("back")}
          </Link>
        </p>
      </div>
    );
  }
  const errors: Record<string, string> = fresh?.errors ?? {};
  const doc = loaded.doc;
  const readOnly = loaded.mode === "view";
  const here = doc ? `/contractList/form?id=${doc.id}` : "/contractList/form?new=1";
  const state = doc ? CONTRACT_STATES.find((s) => s.value === String(doc.state)) : CONTRACT_STATES[0];

  return (
    <DocumentFrame
      attrs={{ "data-testid": "contract-document" }}
      flash={{ message: loaded.flash ? message("operationSuccess") : null, token: loaded }}
      title={doc ? `${t(readOnly ? "viewTitle" : "editTitle")} ${doc.number}` : t("newTitle")}
      badges={
        <>
          {doc && doc.revision > 1 ? <Badge tone="info">{`v${doc.revision}`}</Badge> : null}
          {state ? (
            <Badge tone={tones[state.tone ?? ""] ?? "info"} data-testid="contract-state">
              {label(state)}
            </Badge>
          ) : null}
          {doc && !doc.current ? <Badge tone="warning">{t("amend")}</Badge> : null}
        </>
      }
      back={{ to: "/contractList", label: t("back") }}
      pdf={doc ? { to: `/contractList/pdf?id=${doc.id}&lang=${lang}`, label: t("printPdf"), testId: "contract-pdf" } : null}
      machine={{ view: contractStates, row: doc, codes: loaded.codes, me: loaded.me, action: here }}
      actions={
        <>
          {doc && doc.current && doc.state === CONTRACT_STATE.executing && loaded.canDeclareIdle ? (
            <Link to={`/idlePeriod/form?new=1&contractId=${doc.id}`} className="rounded-md border border-line px-3 py-1.5 text-sm text-ink hover:border-brand hover:text-brand" data-testid="declare-idle">
              {t("declareIdle")}
            </Link>
          ) : null}
          {doc && doc.current && (doc.state === CONTRACT_STATE.approved || doc.state === CONTRACT_STATE.executing) && loaded.canEdit ? (
            <details className="relative">
              <summary className="list-none rounded-md border border-line px-3 py-1.5 text-sm text-ink [&::-webkit-details-marker]:hidden">{t("amend")}</summary>
              <Form method="post" action={here} className="absolute right-0 z-20 mt-1 w-80 rounded-lg border border-line bg-panel p-3 text-sm shadow-xl">
                <p className="mb-3 text-ink">{t("amendConfirm")}</p>
                <input type="hidden" name="id" value={doc.id} />
                <Button type="submit" name="intent" value="amend" variant="primary" size="sm">
                  {t("amend")}
                </Button>
              </Form>
            </details>
          ) : null}
        </>
      }
      notices={
        <>
          {doc?.stateReason ? <Alert tone="info">{`${t("stateReason")}：${doc.stateReason}${doc.endedOn ? `（${t("endedOn")} ${doc.endedOn}）` : ""}`}</Alert> : null}
          {Object.keys(errors).length ? <Alert tone="error">{errors.form ? message(errors.form) : t("errors")}</Alert> : null}
        </>
      }
      after={
        <>
          {doc && loaded.bills ? (
            <Suspense fallback={null}>
              <ContractBills bills={loaded.bills} canRun={loaded.canBill} action={here} />
            </Suspense>
          ) : null}
          {doc && doc.revisions.length > 1 ? <ContractVersions doc={doc} comparison={loaded.comparison} /> : null}
        </>
      }
      approval={loaded.approval}
      history={doc ? loaded.history : null}
    >
      <FormSlot />
    </DocumentFrame>
  );
}

/** The contract's revisions, each with its state and value, and what changed between the one shown and another. */
function ContractVersions({ doc, comparison }: { doc: NonNullable<DocumentData["doc"]>; comparison: DocumentData["comparison"] }) {
  const { t, i18n } = useTranslation(CONTRACTS);
  const label = (o: OptionDef) => labelOf(o.label, i18n.language);
  return (
    <section className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="contract-versions">
      <h2 className="mb-2 text-base font-semibold text-ink">{t("versions")}</h2>
      <Table bare>
        <thead>
          <HeadRow>
            <Th dense>{t("revision")}</Th>
            <Th dense>{t("state")}</Th>
            <Th dense num>{t("value")}</Th>
            <Th dense />
          </HeadRow>
        </thead>
        <tbody>
          {doc.revisions.map((r) => {
            const s = CONTRACT_STATES.find((x) => x.value === String(r.state));
            return (
              <Row key={r.id}>
                <Td dense>
                  <Link to={`/contractList/form?id=${r.id}`} className="text-brand" aria-current={r.id === doc.id ? "page" : undefined}>
                    {`v${r.revision}`}
                  </Link>
                  {r.current ? <span className="ml-2 text-xs text-success">{t("current")}</span> : null}
                </Td>
                <Td dense>{s ? label(s) : r.state}</Td>
                <Td dense num>
                  {r.value}
                </Td>
                <Td dense>
                  {r.id !== doc.id ? (
                    <Link to={`/contractList/form?id=${doc.id}&compare=${r.id}`} className="text-brand">
                      {t("compare")}
                    </Link>
                  ) : null}
                </Td>
              </Row>
            );
          })}
        </tbody>
      </Table>
      {comparison ? (
        <div className="mt-3" data-testid="contract-compare">
          <h3 className="mb-2 text-sm font-semibold text-ink">{t("compareTitle", { a: comparison.a, b: comparison.b })}</h3>
          {comparison.changes.length ? (
            <Table bare>
              <thead>
                <HeadRow>
                  <Th dense>{t("field")}</Th>
                  <Th dense>{t("before")}</Th>
                  <Th dense>{t("after")}</Th>
                </HeadRow>
              </thead>
              <tbody>
                {comparison.changes.map((c, i) => {
                  const key = c.field.includes(".") ? c.field.split(".")[1]! : c.field;
                  const name = i18n.exists(`${CONTRACTS}:${key}`) ? t(key as "name") : key;
                  return (
                    <Row key={i}>
                      <Td dense className="text-muted">
                        {c.line ? t("lineField", { n: c.line, field: name }) : name}
                      </Td>
                      <Td dense tone="danger" className="line-through">
                        {comparedText(c.field, c.before)}
                      </Td>
                      <Td dense className="text-success">
                        {comparedText(c.field, c.after)}
                      </Td>
                    </Row>
                  );
                })}
              </tbody>
            </Table>
          ) : (
            <p className="text-sm text-muted">{t("noDifference")}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
