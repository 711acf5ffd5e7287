// workPlayBack (历史回放): the device group's history playback, the same player as /historyTrack (spec §2 gives it no other meaning).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { PlaybackPage } from "~/modules/playback/playback-page";
import { playbackLoader } from "~/modules/playback/playback.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "历史回放", en: "History Playback" }) }];
export const loader = (args: LoaderFunctionArgs) => playbackLoader(args, "/workPlayBack");

export default function WorkPlayBack() {
  const { t } = useTranslation("screens");
  return <PlaybackPage title={t("/workPlayBack")} />;
}

export const ErrorBoundary = RouteErrorBoundary;
