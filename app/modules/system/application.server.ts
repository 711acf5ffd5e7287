import { data, redirect } from "@remix-run/cloudflare";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { appApplications, auditLogs } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { hasSpecialChars, isMobile } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { flashCookie } from "~/modules/auth/session.server";
import { postedIds, tableResource } from "~/modules/resource/resource.server";
import { applicationView } from "./application.resource";

export const applicationResource = tableResource({
  view: applicationView,
  table: appApplications,
  columns: {
    name: appApplications.name,
    phone: appApplications.phone,
    appRole: appApplications.appRole,
    company: appApplications.company,
    reason: appApplications.reason,
    state: appApplications.state,
    refuseReason: appApplications.refuseReason,
    createdAt: appApplications.createdAt,
  },
  search: [appApplications.name, appApplications.phone],
  equals: { state: { column: appApplications.state, parse: Number }, appRole: { column: appApplications.appRole } },
  sort: { name: appApplications.name, state: appApplications.state, createdAt: appApplications.createdAt },
  schema: z.object({
    name: z
      .string()
      .trim()
      .min(1, "validation.required")
      .max(30, "validation.name30")
      .refine((v) => !hasSpecialChars(v), "validation.specialChars"),
    phone: z.string().trim().refine(isMobile, "validation.mobile"),
    appRole: z.enum(["driver", "operator", "customer"], { message: "validation.required" }),
    company: z
      .string()
      .trim()
      .max(50, "validation.company")
      .transform((v) => v || null),
    reason: z
      .string()
      .trim()
      .max(100, "validation.description")
      .transform((v) => v || null),
  }),
});

export type ApplicationActionData =
  | { intent: "confirmReview"; ids: number[]; decision: "approve" | "refuse"; error?: string }
  | { intent: "selection"; error: "selectRows" | "selectOne" }
  | { intent: "review"; error: string };

/** 通过 / 拒绝: asked first; a refusal needs its reason; only pending applications change. */
const confirm = (decision: "approve" | "refuse") => ({
  permission: "edit" as const,
  async run(_scope: RequestScope, form: FormData) {
    const ids = postedIds(form);
    if (!ids.length) return data<ApplicationActionData>({ intent: "selection", error: "selectRows" }, { status: 400 });
    return data<ApplicationActionData>({ intent: "confirmReview", ids, decision });
  },
});

export const applicationIntents = {
  confirmApprove: confirm("approve"),
  confirmRefuse: confirm("refuse"),
  review: {
    permission: "edit" as const,
    async run(scope: RequestScope, form: FormData, back: string) {
      const ids = postedIds(form);
      const decision = form.get("decision") === "refuse" ? "refuse" : "approve";
      if (!ids.length) return data<ApplicationActionData>({ intent: "selection", error: "selectRows" }, { status: 400 });
      const refuseReason = String(form.get("refuseReason") ?? "").trim();
      if (decision === "refuse" && (!refuseReason || refuseReason.length > 100)) {
        return data<ApplicationActionData>({ intent: "confirmReview", ids, decision, error: refuseReason ? "validation.description" : "system:application.reasonRequired" }, { status: 400 });
      }
      const where = and(inArray(appApplications.id, ids), ofTenant(appApplications, scope.user.tenantId), eq(appApplications.state, 0));
      const pending = await scope.db.select({ id: appApplications.id }).from(appApplications).where(where);
      if (!pending.length) return data<ApplicationActionData>({ intent: "review", error: "system:application.notPending" }, { status: 409 });
      const state = decision === "approve" ? 1 : 2;
      await scope.db
        .update(appApplications)
        .set({ state, refuseReason: decision === "refuse" ? refuseReason : null, reviewerId: scope.user.id, reviewedAt: Date.now(), updatedAt: Date.now() })
        .where(where);
      for (const p of pending) {
        await scope.db.insert(auditLogs).values({ tenantId: scope.user.tenantId, userId: scope.user.id, action: decision, entity: "application", entityId: String(p.id), before: { state: 0 }, after: { state, refuseReason: decision === "refuse" ? refuseReason : null } });
      }
      return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
    },
  },
};
