// replayDetail/:id (回放详情): vehicle :id's playback full screen, outside the layout; ?from=&to= make it deep-linkable.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { PlaybackPage } from "~/modules/playback/playback-page";
import { playbackLoader } from "~/modules/playback/playback.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = () => [{ title: "Derrick · 回放详情 / Playback Details" }];
export const loader = (args: LoaderFunctionArgs) => playbackLoader(args, "/replayDetail/:id");

export default function ReplayDetail() {
  const { t } = useTranslation("screens");
  // the key holds ":", i18next's namespace separator
  return <PlaybackPage title={t("/replayDetail/:id", { nsSeparator: false })} />;
}

export const ErrorBoundary = RouteErrorBoundary;
