import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { VISITS } from "~/modules/visits/texts/visits";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { SurveyFigures, SurveyTabs } from "~/modules/visits/survey-parts";
import { surveyFormView } from "~/modules/visits/survey.resource";
import { surveyFigures, surveyFilterOptions, surveyFormResource, surveyOptions } from "~/modules/visits/survey.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "客户调研", en: "Customer Research" }) }];

/** /customerresearch 客户调研: the satisfaction forms with the average per customer and per month beside them. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, surveyFormResource, { options: surveyOptions, filterOptions: surveyFilterOptions }), requireScope(args.request, args.context, { screen: surveyFormView.path })]);
  return data({ ...page.data, figures: await surveyFigures(scope), today: todayInZone(scope.user.timeZone) }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, surveyFormResource, { options: surveyOptions });

export default function CustomerResearch() {
  const { figures, today } = useLoaderData<typeof loader>();
  const { t } = useTranslation(VISITS);
  const view = useMemo(() => ({ ...surveyFormView, form: surveyFormView.form.map((f) => (f.key === "answeredOn" ? { ...f, defaultValue: today } : f)) }), [today]);
  return (
    <>
      <SurveyTabs />
      <div className="flex flex-col gap-4 xl:flex-row xl:items-start">
        <div className="min-w-0 flex-1">
          <ResourcePage view={view} />
        </div>
        <aside className="shrink-0 p-4 xl:w-[320px] xl:pl-0" aria-labelledby="survey-figures" data-testid="survey-figures">
          <h2 id="survey-figures" className="mb-2 text-base font-semibold text-ink">
            {t("survey.figures")}
          </h2>
          <SurveyFigures byCustomer={figures.byCustomer} byMonth={figures.byMonth} />
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
