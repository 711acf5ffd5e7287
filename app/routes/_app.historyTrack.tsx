// historyTrack (历史轨迹): pick a vehicle and a range, play its track (app/modules/playback).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { PlaybackPage } from "~/modules/playback/playback-page";
import { playbackLoader } from "~/modules/playback/playback.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "历史轨迹", en: "Track History" }) }];
export const loader = (args: LoaderFunctionArgs) => playbackLoader(args, "/historyTrack");

export default function HistoryTrack() {
  const { t } = useTranslation("screens");
  return <PlaybackPage title={t("/historyTrack")} />;
}

export const ErrorBoundary = RouteErrorBoundary;
