import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { VISITS } from "~/modules/visits/texts/visits";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { SurveyTabs } from "~/modules/visits/survey-parts";
import { surveyQuestionView } from "~/modules/visits/survey.resource";
import { surveyQuestionResource } from "~/modules/visits/survey.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "问卷模板", en: "Questionnaire" }) }];

/** /customerresearch/questions 问卷模板: the tenant's satisfaction questions (under the 客户调研 menu item). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, surveyQuestionResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, surveyQuestionResource);

export default function SurveyQuestions() {
  useTranslation(VISITS);
  return (
    <>
      <SurveyTabs />
      <ResourcePage view={surveyQuestionView} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
