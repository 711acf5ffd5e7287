// /homeworkScreen 作业大屏 (outside the layout; app/modules/wall, docs/big-screens.md).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HomeworkScreen } from "~/modules/wall/homework-screen";
import { homeworkLoader } from "~/modules/wall/wall-route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "作业大屏", en: "Operations Screen" }) }];
export const loader = homeworkLoader;
export default function HomeworkScreenRoute() {
  return <HomeworkScreen data={useLoaderData<typeof loader>()} />;
}
export const ErrorBoundary = RouteErrorBoundary;
