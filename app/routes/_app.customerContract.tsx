import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { PARTIES } from "~/modules/parties/texts/parties";
import { formatCents } from "~/lib/cents";
import { labelOf } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { CONTRACT_KIND_OPTIONS, CONTRACT_STATES } from "~/modules/contracts/contracts.resource";
import { customerView } from "~/modules/parties/customer.resource";
import { customerDetail, customerResource } from "~/modules/parties/customer.server";
import { AttachmentsField, DetailTable, ExposurePanel } from "~/modules/parties/party-form";
import { partyOptions } from "~/modules/parties/party.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { Badge } from "~/ui/badge";
import { RouteErrorBoundary } from "~/ui/error-state";
import { Upload } from "~/widgets/upload";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "客户合同", en: "Customer Contracts" }) }];

/** /customerContract: the customers; `?view=` shows one with its contacts, attachments, contracts and credit exposure. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, customerResource, { options: partyOptions }), requireScope(args.request, args.context, { screen: customerView.path })]);
  const viewing = page.data.form?.mode === "view" ? Number(page.data.form.values.id) : 0;
  const detail = viewing ? await customerDetail(scope, viewing) : null;
  return data({ ...page.data, detail, myOrgId: scope.user.orgId }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, customerResource, { options: partyOptions });

export default function CustomerContract() {
  const { detail, myOrgId } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(PARTIES);
  const lang = i18n.language;
  // a new customer belongs to the user's organisation unless another is chosen
  const view = useMemo(() => ({ ...customerView, form: customerView.form.map((f) => (f.key === "orgId" && myOrgId ? { ...f, defaultValue: String(myOrgId) } : f)) }), [myOrgId]);
  const option = (options: typeof CONTRACT_STATES, v: string) => options.find((o) => o.value === v);
  return (
    <ResourcePage
      view={view}
      formExtra={(ctx) => <AttachmentsField {...ctx} />}
      detail={
        detail ? (
          <>
            {detail.exposure ? <ExposurePanel exposure={detail.exposure} /> : null}
            <DetailTable
              caption={t("customer.contacts")}
              head={[t("customer.contactName"), t("customer.contactPhone"), t("customer.contactRole")]}
              rows={detail.contacts.map((c) => [c.name, c.phone, c.role])}
              empty={t("customer.noContacts")}
              testId="customer-contacts"
            />
            {detail.files.length ? (
              <section className="mb-4">
                <h3 className="mb-1 text-sm font-medium text-ink">{t("customer.attachments")}</h3>
                <Upload name="attachments" readOnly defaultFiles={detail.files} />
              </section>
            ) : null}
            <DetailTable
              caption={t("customer.contracts")}
              head={[t("customer.number"), t("customer.kind"), t("customer.state"), t("customer.value"), t("customer.period")]}
              rows={detail.contracts.map((c) => {
                const state = option(CONTRACT_STATES, String(c.state));
                const kind = option(CONTRACT_KIND_OPTIONS, c.kind);
                return [
                  <Link key="n" to={`/contractList?view=${c.id}`} className="text-brand">
                    {c.number}
                  </Link>,
                  kind ? labelOf(kind.label, lang) : c.kind,
                  state ? <Badge tone={state.tone === "success" ? "success" : state.tone === "danger" ? "danger" : "neutral"}>{labelOf(state.label, lang)}</Badge> : c.state,
                  <span key="v" className="tabular-nums">
                    {formatCents(c.valueCents)}
                  </span>,
                  `${c.startOn} ~ ${c.plannedEndOn ?? "…"}`,
                ];
              })}
              empty={t("customer.noContracts")}
              testId="customer-contracts"
            />
          </>
        ) : null
      }
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
