/**
 * What links the safety documents, shown under each one's form: an inspection's failed items with the notice and the
 * hazards raised from it (下发整改, 登记隐患); a hazard's notice (发起整改); a notice's source, why it was sent back and
 * its overdue items; an accident's casualties. The pages' loaders are safety-pages.server.ts.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { documentHref, labelOf, type OptionDef } from "~/lib/list/types";
import { Badge, type BadgeTone } from "~/ui/badge";
import { LinkButton } from "~/ui/button";
import { HAZARD_STATES, hazardView } from "./hazard.resource";
import { REFORM_STATES, reformView } from "./reform.resource";
import { CHECK_STATE, CHECK_STATES, checkView } from "./safety-check.resource";
import { SAFETY } from "./texts/safety";

interface LinkedDoc {
  id: number;
  number: string;
  state: number;
}

const TONES: Record<string, BadgeTone> = { success: "success", danger: "danger", warning: "warning", muted: "neutral" };

function Section({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid={testId}>
      <h2 className="mb-2 text-base font-semibold text-ink">{title}</h2>
      <div className="flex flex-wrap items-center gap-3 text-sm">{children}</div>
    </section>
  );
}

/** A linked document: its number opening it, its state beside it. */
function DocLink({ path, doc, states }: { path: string; doc: LinkedDoc; states: OptionDef[] }) {
  const { i18n } = useTranslation();
  const state = states.find((s) => s.value === String(doc.state));
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="linked-doc">
      <Link to={documentHref(path, doc.id)} className="text-brand underline-offset-2 hover:underline">
        {doc.number}
      </Link>
      {state ? <Badge tone={TONES[state.tone ?? ""] ?? "info"}>{labelOf(state.label, i18n.language)}</Badge> : null}
    </span>
  );
}

export interface CheckRelated {
  failed: number;
  notices: LinkedDoc[];
  hazards: LinkedDoc[];
  mayRaiseNotice: boolean;
  mayRegisterHazard: boolean;
}

/** Under a completed inspection: its failed items, the notice and hazards raised from them, and the ways to raise them. */
export function CheckRelatedSection({ id, state, related }: { id: number; state: number; related: CheckRelated }) {
  const { t } = useTranslation(SAFETY);
  const done = state === CHECK_STATE.done && related.failed > 0;
  return (
    <Section testId="safety-related" title={t("related.title")}>
      <span className={related.failed ? "font-medium text-danger" : "text-muted"}>{related.failed ? t("related.failed", { count: related.failed }) : t("related.noFailed")}</span>
      {related.notices.map((n) => (
        <DocLink key={n.id} path={reformView.path} doc={n} states={REFORM_STATES} />
      ))}
      {related.hazards.map((h) => (
        <DocLink key={h.id} path={hazardView.path} doc={h} states={HAZARD_STATES} />
      ))}
      <span className="ml-auto flex gap-2">
        {done && related.mayRaiseNotice && !related.notices.length ? (
          <LinkButton variant="primary" to={`${reformView.path}/form?new=1&checkId=${id}`} data-testid="raise-notice">
            {t("related.raiseNotice")}
          </LinkButton>
        ) : null}
        {done && related.mayRegisterHazard ? (
          <LinkButton to={`${hazardView.path}/form?new=1&checkId=${id}`} data-testid="register-hazard">
            {t("related.registerHazard")}
          </LinkButton>
        ) : null}
      </span>
    </Section>
  );
}

export interface HazardRelated {
  notice: LinkedDoc | null;
  check: LinkedDoc | null;
  mayStartReform: boolean;
}

/** Under a hazard: the inspection it came from, the notice rectifying it, or 发起整改 while none does. */
export function HazardRelatedSection({ id, related }: { id: number; related: HazardRelated }) {
  const { t } = useTranslation(SAFETY);
  return (
    <Section testId="safety-related" title={t("related.notices")}>
      {related.check ? (
        <span className="text-muted">
          {t("related.source")} <DocLink path={checkView.path} doc={related.check} states={CHECK_STATES} />
        </span>
      ) : null}
      {related.notice ? <DocLink path={reformView.path} doc={related.notice} states={REFORM_STATES} /> : <span className="text-muted">{t("related.none")}</span>}
      {!related.notice && related.mayStartReform ? (
        <LinkButton variant="primary" className="ml-auto" to={`${reformView.path}/form?new=1&hazardId=${id}`} data-testid="start-reform">
          {t("related.startReform")}
        </LinkButton>
      ) : null}
    </Section>
  );
}

export interface ReformRelated {
  check: LinkedDoc | null;
  hazard: LinkedDoc | null;
  returnReason: string | null;
  overdue: number;
}

/** Under a notice: where it came from, why it was last sent back, how many of its items are overdue. */
export function ReformRelatedSection({ related }: { related: ReformRelated }) {
  const { t } = useTranslation(SAFETY);
  if (!related.check && !related.hazard && !related.returnReason && !related.overdue) return null;
  return (
    <Section testId="safety-related" title={t("related.source")}>
      {related.check ? <DocLink path={checkView.path} doc={related.check} states={CHECK_STATES} /> : null}
      {related.hazard ? <DocLink path={hazardView.path} doc={related.hazard} states={HAZARD_STATES} /> : null}
      {related.overdue ? (
        <span className="font-medium text-danger" data-testid="reform-overdue">
          {t("related.overdue", { count: related.overdue })}
        </span>
      ) : null}
      {related.returnReason ? (
        <span className="w-full text-warning" data-testid="reform-return-reason">
          {t("related.returnReason")}：{related.returnReason}
        </span>
      ) : null}
    </Section>
  );
}

/** Under an accident: its casualties as counted from the people involved. */
export function CasualtiesSection({ casualties }: { casualties: { dead: number; serious: number; minor: number } }) {
  const { t } = useTranslation(SAFETY);
  return (
    <Section testId="accident-casualties" title={t("related.casualtiesTitle")}>
      <span className={casualties.dead || casualties.serious ? "font-medium text-danger" : "text-ink"}>{t("accident.casualties", casualties)}</span>
    </Section>
  );
}
