/**
 * 大屏链接 (/tenantConfig/screenLinks): the tenant's screen links, a form for a new one (which screen, what it shows),
 * the address and its QR code shown once after it is made, and revoking with a confirmation. Users without
 * tenantConfig:edit see the list only.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCloseAfterSubmit } from "~/lib/use-close-after-submit";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "~/ui/dialog";
import { Alert, Button } from "~/ui/field";
import { Select, Input, Textarea } from "~/ui/input";
import { EmptyPanel, HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { labelIn } from "~/modules/reports/report-types";
import { stampInZone } from "~/lib/tenant-clock";
import { TenantConfigTabs } from "~/modules/workflow/tenant-config-tabs";
import { LINKABLE_NAMES, LINKABLE_SCREENS, SCREEN_LINK_NAME_MAX, type LinkError, type ScreenLinkListRow } from "./screen-links";
import { WALL } from "./texts/wall";
import type { ScreenLinkScope } from "../../../db/schema/screens";

/** the QR code's encoder comes with the first link made, not with the page */
const QrCode = lazy(() => import("~/widgets/qr-code").then((m) => ({ default: m.QrCode })));

interface LoaderData {
  links: ScreenLinkListRow[];
  orgs: { id: number; name: string }[];
  customers: { id: number; name: string }[];
  canEdit: boolean;
  timeZone: string;
  revoked: boolean;
}
export type ScreenLinksAction = { created: { path: string; name: string } } | { error: LinkError | "notFound"; detail?: string; posted?: Record<string, string> };

export function ScreenLinksPage() {
  const data = useLoaderData<LoaderData>();
  const action = useActionData<ScreenLinksAction>();
  const { t, i18n } = useTranslation(WALL);
  const [revoking, setRevoking] = useState<ScreenLinkListRow | null>(null);
  const screenName = (path: string) => {
    const name = LINKABLE_NAMES[path];
    return name ? labelIn(name, i18n.language) : path;
  };
  return (
    <div className="space-y-4">
      <TenantConfigTabs />
      <h1 className="text-xl font-semibold text-ink">{t("links.title")}</h1>
      <p className="max-w-[7.2rem] text-sm text-muted">{t("links.intro")}</p>
      {data.revoked ? <Alert tone="success">{t("links.revoked")}</Alert> : null}
      {action && "error" in action && action.error === "notFound" ? <Alert tone="error">{t("links.errors.notFound")}</Alert> : null}
      {action && "created" in action ? <CreatedLink created={action.created} /> : null}
      {data.canEdit ? <CreateForm data={data} refused={action && "error" in action && action.error !== "notFound" ? action : null} screenName={screenName} /> : null}
      {data.links.length === 0 ? (
        <EmptyPanel>{t("links.empty")}</EmptyPanel>
      ) : (
        <Table testId="screen-links">
          <thead>
            <HeadRow>
              <Th>{t("links.name")}</Th>
              <Th>{t("links.screen")}</Th>
              <Th>{t("links.scope")}</Th>
              <Th>{t("links.createdAt")}</Th>
              <Th>{t("links.lastSeen")}</Th>
              <Th>{t("links.state")}</Th>
              {data.canEdit ? <Th /> : null}
            </HeadRow>
          </thead>
          <tbody>
            {data.links.map((l) => (
              <Row key={l.id} data-link={l.id}>
                <Td>{l.name}</Td>
                <Td>{screenName(l.screen)}</Td>
                <Td>
                  <span className="text-muted">{t(`links.scopeKind.${l.scopeKind}`)}: </span>
                  <span className="break-all">{l.target}</span>
                </Td>
                <Td className="whitespace-nowrap tabular-nums">{stampInZone(l.createdAt, data.timeZone, false)}</Td>
                <Td className="whitespace-nowrap tabular-nums">{l.lastSeenAt ? stampInZone(l.lastSeenAt, data.timeZone, false) : <span className="text-muted">{t("links.never")}</span>}</Td>
                <Td className={l.revokedAt ? "text-muted" : "text-success"}>{l.revokedAt ? t("links.revoked") : t("links.active")}</Td>
                {data.canEdit ? (
                  <Td>
                    {l.revokedAt ? null : (
                      <button type="button" className="text-danger hover:underline" onClick={() => setRevoking(l)}>
                        {t("links.revoke")}
                      </button>
                    )}
                  </Td>
                ) : null}
              </Row>
            ))}
          </tbody>
        </Table>
      )}
      {revoking ? <RevokeDialog link={revoking} onClose={() => setRevoking(null)} /> : null}
    </div>
  );
}

function CreateForm({ data, refused, screenName }: { data: LoaderData; refused: { error: string; detail?: string; posted?: Record<string, string> } | null; screenName: (p: string) => string }) {
  const { t } = useTranslation(WALL);
  const navigation = useNavigation();
  const posted = refused?.posted ?? {};
  const screens = Object.keys(LINKABLE_SCREENS);
  const [screen, setScreen] = useState(posted.screen ?? screens[0]!);
  const kinds = LINKABLE_SCREENS[screen] ?? [];
  const [kind, setKind] = useState<ScreenLinkScope>((posted.scopeKind as ScreenLinkScope) ?? kinds[0]!);
  const shownKind = kinds.includes(kind) ? kind : kinds[0]!;
  const error = refused ? t(`links.errors.${refused.error}` as "links.errors.limit", { detail: refused.detail ?? "" }) : null;
  const field = (name: string) => (refused && errorField(refused.error) === name ? error : null);
  return (
    <Form method="post" className="grid max-w-[7.2rem] grid-cols-[1.2rem_1fr] items-start gap-3 rounded-lg border border-line bg-panel p-4" data-testid="screen-link-form">
      <input type="hidden" name="intent" value="create" />
      <label htmlFor="sl-name" className="pt-2 text-sm text-ink">
        {t("links.name")}
      </label>
      <div>
        <Input id="sl-name" name="name" maxLength={SCREEN_LINK_NAME_MAX} defaultValue={posted.name ?? ""} required aria-invalid={field("name") ? true : undefined} aria-describedby={field("name") ? "sl-name-error" : undefined} />
        {field("name") ? <p id="sl-name-error" className="mt-1 text-sm text-danger">{field("name")}</p> : null}
      </div>
      <label htmlFor="sl-screen" className="pt-2 text-sm text-ink">
        {t("links.screen")}
      </label>
      <Select id="sl-screen" name="screen" value={screen} onChange={(e) => setScreen(e.target.value)}>
        {screens.map((s) => (
          <option key={s} value={s}>
            {screenName(s)}
          </option>
        ))}
      </Select>
      <label htmlFor="sl-kind" className="pt-2 text-sm text-ink">
        {t("links.scope")}
      </label>
      <Select id="sl-kind" name="scopeKind" value={shownKind} onChange={(e) => setKind(e.target.value as ScreenLinkScope)}>
        {kinds.map((k) => (
          <option key={k} value={k}>
            {t(`links.scopeKind.${k}`)}
          </option>
        ))}
      </Select>
      {shownKind === "org" ? (
        <>
          <label htmlFor="sl-org" className="pt-2 text-sm text-ink">
            {t("links.org")}
          </label>
          <div>
            <Select id="sl-org" name="orgId" defaultValue={posted.orgId ?? ""} aria-invalid={field("org") ? true : undefined}>
              <option value="">{t("links.choose")}</option>
              {data.orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Select>
            {field("org") ? <p className="mt-1 text-sm text-danger">{field("org")}</p> : null}
          </div>
        </>
      ) : shownKind === "customer" ? (
        <>
          <label htmlFor="sl-customer" className="pt-2 text-sm text-ink">
            {t("links.customer")}
          </label>
          <div>
            <Select id="sl-customer" name="customerId" defaultValue={posted.customerId ?? ""} aria-invalid={field("customer") ? true : undefined}>
              <option value="">{t("links.choose")}</option>
              {data.customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
            {field("customer") ? <p className="mt-1 text-sm text-danger">{field("customer")}</p> : null}
          </div>
        </>
      ) : (
        <>
          <label htmlFor="sl-plates" className="pt-2 text-sm text-ink">
            {t("links.plates")}
          </label>
          <div>
            <Textarea id="sl-plates" name="plates" rows={4} defaultValue={posted.plates ?? ""} aria-invalid={field("plates") ? true : undefined} aria-describedby="sl-plates-hint" />
            <p id="sl-plates-hint" className="mt-1 text-xs text-muted">
              {t("links.platesHint")}
            </p>
            {field("plates") ? <p className="mt-1 text-sm text-danger">{field("plates")}</p> : null}
          </div>
        </>
      )}
      <div />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={navigation.state !== "idle"}>
          {t("links.create")}
        </Button>
        {refused && !errorField(refused.error) ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

/** Which field a refusal belongs under (none: shown beside the button). */
function errorField(error: string): string | null {
  if (error.startsWith("name")) return "name";
  if (error.startsWith("plates")) return "plates";
  if (error === "org" || error === "customer") return error;
  return null;
}

function CreatedLink({ created }: { created: { path: string; name: string } }) {
  const { t } = useTranslation(WALL);
  const [copied, setCopied] = useState(false);
  const [url, setUrl] = useState(created.path);
  useEffect(() => setUrl(`${location.origin}${created.path}`), [created.path]);
  return (
    <section className="flex max-w-[7.2rem] gap-4 rounded-lg border border-success/40 bg-panel p-4" data-testid="screen-link-created" aria-live="polite">
      <Suspense fallback={<div className="size-[1.6rem] shrink-0 rounded bg-canvas" />}>
        <QrCode value={url} />
      </Suspense>
      <div className="min-w-0 flex-1 space-y-2">
        <h2 className="font-medium text-ink">
          {t("links.createdTitle")} · {created.name}
        </h2>
        <p className="text-sm text-muted">{t("links.createdHint")}</p>
        <code className="block break-all rounded bg-canvas p-2 text-sm text-ink" data-testid="screen-link-url">
          {url}
        </code>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            {copied ? t("links.copied") : t("links.copy")}
          </Button>
          <a className="inline-flex items-center px-3 text-sm text-brand hover:underline" href={created.path} target="_blank" rel="noreferrer noopener">
            {t("links.open")}
          </a>
        </div>
      </div>
    </section>
  );
}

function RevokeDialog({ link, onClose }: { link: ScreenLinkListRow; onClose: () => void }) {
  const { t } = useTranslation([WALL, "resource"]);
  const busy = useCloseAfterSubmit(onClose);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("links.revoke")} width="4.2rem">
      <Form method="post">
        <p className="mb-4 text-sm text-ink">{t("links.revokeConfirm", { name: link.name })}</p>
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="id" value={link.id} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("resource:cancel")}
          </Button>
          <Button type="submit" variant="danger" autoFocus disabled={busy}>
            {t("resource:confirm")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

