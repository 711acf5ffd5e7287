import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ContractDocument } from "~/modules/contracts/contract-document";
import { documentAction, documentLoader } from "~/modules/contracts/document.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同", en: "Contract" }) }];

/** /contractList/form: the contract document (new, edit, view, versions); the list is /contractList. */
export const loader = (args: LoaderFunctionArgs) => documentLoader(args);
export const action = (args: ActionFunctionArgs) => documentAction(args);

export default function ContractForm() {
  return <ContractDocument />;
}

export const ErrorBoundary = RouteErrorBoundary;
