// /competitionScreen 竞赛大屏: operators' ranking from their scores; none are kept yet, and the screen says so (docs/big-screens.md).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWallRefresh } from "~/modules/wall/use-wall-refresh";
import { WallFrame } from "~/modules/wall/wall-frame";
import { competitionLoader } from "~/modules/wall/wall-route.server";
import { WALL } from "~/modules/wall/texts/wall";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "竞赛大屏", en: "Competition Screen" }) }];
export const loader = competitionLoader;

export default function CompetitionScreenRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(WALL);
  // nothing of it is live: 'data as of' is when the server last answered (asked again each minute; amber when that fails)
  useWallRefresh();
  return (
    <WallFrame title={t("competition.title")} subtitle={data.subtitle} connection="open" heardAt={data.asOf} timeZone={data.timeZone} light={data.light} testId="competition-screen">
      <div className="flex h-full flex-col items-center justify-center gap-4 text-center" data-testid="competition-empty">
        <p className="text-[0.4rem] text-muted">{t("competition.none")}</p>
        <p className="max-w-[9rem] text-xl text-muted">{t("competition.noneHint")}</p>
      </div>
    </WallFrame>
  );
}
export const ErrorBoundary = RouteErrorBoundary;
