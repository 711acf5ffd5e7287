import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction } from "~/modules/resource/document.server";
import { accidentStates, accidentView } from "~/modules/safety/accident.resource";
import { accidentDocument } from "~/modules/safety/accident.server";
import { accidentPage } from "~/modules/safety/safety-pages.server";
import { CasualtiesSection } from "~/modules/safety/safety-related";
import { SAFETY } from "~/modules/safety/texts/safety";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "事故申报单", en: "Accident filing" }) }];

/** /accidentProposal/form: one accident filing (`?id=`) or a new one (`?new=1`), on the house's document page, with its approval. */
export const loader = (args: LoaderFunctionArgs) => accidentPage(args);
export const action = (args: ActionFunctionArgs) => documentAction(args, accidentDocument);

export default function Accident() {
  // the accident's own refusals are in the safety namespace: it comes with this chunk
  useTranslation(SAFETY);
  const { casualties } = useLoaderData<typeof loader>();
  return <DocumentPage view={accidentView} machine={accidentStates}>{casualties ? <CasualtiesSection casualties={casualties} /> : null}</DocumentPage>;
}

export const ErrorBoundary = RouteErrorBoundary;
