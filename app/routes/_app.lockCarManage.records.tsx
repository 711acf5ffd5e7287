import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listHref } from "~/lib/list/types";
import { withQuery } from "~/lib/navigation";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { EmergencyDrawer, UnlockCodePanel } from "~/modules/terminals/lock-forms";
import { EmergencyHistory } from "~/modules/terminals/emergency-history";
import { lockRecordsAction, lockRecordsLoader, type LockActionData } from "~/modules/terminals/lock-page.server";
import type { lockRecordResource } from "~/modules/terminals/lock-record.server";
import { lockRecordView } from "~/modules/terminals/lock.resource";
import { LockTabs } from "~/modules/terminals/lock-tabs";
import { TERMINALS } from "~/modules/terminals/texts/terminals";
import { LinkButton } from "~/ui/button";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink } from "~/widgets/list-navigation";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "锁车管理", en: "Vehicle Lock Management" }) }];

/** /lockCarManage/records 锁车记录: per machine, its lock now, counts and last times; 应急解锁 with its code shown once. */
export const loader = (args: LoaderFunctionArgs) => lockRecordsLoader(args);
export const action = (args: ActionFunctionArgs) => lockRecordsAction(args);
// the page that shows an unlock code is never kept by a cache or the browser's history
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export default function LockRecords() {
  const { t } = useTranslation(TERMINALS);
  const { query, canEmergency, emergencies, emergencyForm } = useLoaderData<typeof loader>();
  const posted = useActionData<LockActionData>();
  const back = listHref(lockRecordView.path, query);
  const refused = posted?.intent === "emergency" ? posted : null;
  return (
    <>
      <LockTabs />
      <ResourcePage<RowOf<typeof lockRecordResource>>
        view={lockRecordView}
        detail={emergencies ? <EmergencyHistory rows={emergencies} /> : null}
        toolbar={
          canEmergency ? (
            <LinkButton to={withQuery(back, "emergency=1")} variant="primary" data-testid="new-emergency">
              {t("emergency")}
            </LinkButton>
          ) : null
        }
        rowActions={(row) =>
          canEmergency ? (
            <QueryLink to={withQuery(back, `emergency=1&plate=${encodeURIComponent(row.plate)}`)} className="text-brand">
              {t("emergency")}
            </QueryLink>
          ) : null
        }
      />
      {emergencyForm || refused ? <EmergencyDrawer closeTo={back} action={withQuery(back, "emergency=1")} values={refused?.values ?? { plate: emergencyForm?.plate ?? "" }} errors={refused?.errors ?? {}} /> : null}
      {posted?.intent === "emergencyCode" ? <UnlockCodePanel code={posted.code} plate={posted.plate} deviceTime={posted.deviceTime} closeTo={back} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
