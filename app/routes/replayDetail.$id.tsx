// replayDetail/:id (回放详情): vehicle :id's playback full screen, outside the layout; ?from=&to= make it deep-linkable.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TimeZoneContext } from "~/lib/use-time-zone";
import { PlaybackPage } from "~/modules/playback/playback-page";
import { playbackLoader } from "~/modules/playback/playback.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "回放详情", en: "Playback Details" }) }];
export const loader = (args: LoaderFunctionArgs) => playbackLoader(args, "/replayDetail/:id");

export default function ReplayDetail() {
  const { t } = useTranslation("screens");
  const { timeZone } = useLoaderData<typeof loader>();
  // the key holds ":", i18next's namespace separator
  return (
    <TimeZoneContext.Provider value={timeZone}>
      <PlaybackPage title={t("/replayDetail/:id", { nsSeparator: false })} />
    </TimeZoneContext.Provider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
