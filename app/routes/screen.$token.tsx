// /screen/<token>: a big screen through its screen link, no account (app/modules/wall, docs/big-screens.md).
import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerScreen } from "~/modules/wall/customer-screen";
import { HomeworkScreen } from "~/modules/wall/homework-screen";
import { TowerScreen } from "~/modules/wall/tower-screen";
import { screenLinkLoader } from "~/modules/wall/wall-route.server";
import { WALL } from "~/modules/wall/texts/wall";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "大屏", en: "Screen" }) }, { name: "robots", content: "noindex" }];
export const loader = screenLinkLoader;
// never cached, never sent on as a referrer: the address is the key
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function ScreenLinkRoute() {
  const answer = useLoaderData<typeof loader>();
  if (!answer.ok) return <LinkGone />;
  if (answer.kind === "tower") return <TowerScreen data={answer.tower} />;
  return answer.kind === "customer" ? <CustomerScreen data={answer.customer} /> : <HomeworkScreen data={answer.homework} />;
}

function LinkGone() {
  const { t } = useTranslation(WALL);
  return (
    <div className="wall-screen theme2 dark fixed inset-0 flex flex-col items-center justify-center gap-4 bg-canvas p-8 text-center text-ink" data-testid="screen-link-gone">
      <h1 className="text-4xl font-semibold">{t("link.revoked")}</h1>
      <p className="max-w-[7.68rem] text-xl text-muted">{t("link.revokedHint")}</p>
    </div>
  );
}
