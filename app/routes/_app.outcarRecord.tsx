import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { RENT } from "~/modules/rent/texts/rent";
import { parseDay } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope } from "~/modules/access/access.server";
import { outcarView } from "~/modules/rent/outcar.resource";
import { outcarOptions, outcarPrefill, outcarResource, tripCounts } from "~/modules/rent/outcar.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { AttachmentsField } from "~/widgets/attachments-field";
import { Calendar } from "~/widgets/calendar";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "出车记录", en: "Vehicle Trip Records" }) }];

/**
 * /outcarRecord 出车记录: the trips (出车登记) with a calendar of 'N条出车登记' per day beside them. `?cal=yyyy-MM` picks
 * the calendar's month; a new record opened with `lineId` (and `tripOn`) starts from that line and its machine's
 * latest readings.
 */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, outcarResource, { options: outcarOptions }), requireScope(args.request, args.context, { screen: outcarView.path })]);
  const url = new URL(args.request.url);
  const today = todayInZone(scope.user.timeZone);
  const tripOn = page.data.query.filters.tripOn && parseDay(page.data.query.filters.tripOn) ? page.data.query.filters.tripOn : null;
  const cal = url.searchParams.get("cal") ?? "";
  const month = parseDay(`${cal}-01`) ? cal : (tripOn ?? today).slice(0, 7);
  const lineId = Number(url.searchParams.get("lineId"));
  const [counts, prefill] = await Promise.all([tripCounts(scope, month), page.data.form?.mode === "create" && lineId ? outcarPrefill(scope, lineId) : Promise.resolve({} as Record<string, string>)]);
  return data({ ...page.data, counts, month, today, tripOn, prefill: { tripOn: tripOn ?? today, ...prefill } }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, outcarResource, { options: outcarOptions });

export default function OutcarRecord() {
  const { counts, month, today, tripOn, prefill } = useLoaderData<typeof loader>();
  const { t } = useTranslation(RENT);
  const navigate = useNavigate();
  // a new record's fields start from the day chosen on the calendar and, opened from a line, its readings
  const view = useMemo(() => ({ ...outcarView, form: outcarView.form.map((f) => (prefill[f.key as keyof typeof prefill] !== undefined ? { ...f, defaultValue: prefill[f.key as keyof typeof prefill] } : f)) }), [prefill]);
  return (
    // the calendar leads (it filters the list); beside the list where the page is wide enough for its day cells' counts
    <div className="flex flex-col min-[1600px]:flex-row-reverse min-[1600px]:items-start">
      <aside className="shrink-0 px-4 pt-4 min-[1600px]:w-[4.4rem] min-[1600px]:pl-0" aria-labelledby="trip-calendar" data-testid="trip-calendar">
        <h2 id="trip-calendar" className="mb-1 text-base font-semibold text-ink">
          {t("outcar.calendar")}
        </h2>
        <p className="mb-2 text-xs text-muted">{tripOn ? t("outcar.day", { day: tripOn }) : t("outcar.calendarHint")}</p>
        <Calendar
          className="w-full max-w-[6.4rem]"
          counts={counts}
          today={today}
          month={month}
          value={tripOn}
          onMonthChange={(m) => navigate(`/outcarRecord?cal=${m}${tripOn ? `&tripOn=${tripOn}` : ""}`, { preventScrollReset: true })}
          onSelect={(d) => navigate(`/outcarRecord?tripOn=${d}`, { preventScrollReset: true })}
        />
        {tripOn ? (
          <Link to={`/outcarRecord?cal=${month}`} className="mt-2 inline-block text-sm text-brand">
            {t("outcar.allDays")}
          </Link>
        ) : null}
      </aside>
      <div className="min-w-0 flex-1">
        <ResourcePage view={view} formExtra={(ctx) => <AttachmentsField values={ctx.values} errorOf={ctx.errorOf} label={t("outcar.signaturePhoto")} name="signature" storedKey="signatureFiles" limit={1} />} />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
