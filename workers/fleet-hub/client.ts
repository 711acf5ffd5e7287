// How the rest of the Worker (and the Remix app) reaches a tenant's hub. Kept apart from fleet-hub.ts so that
// importing it never pulls `cloudflare:workers` into the app's SSR bundle.
import type { Env } from "../env";

/** The hub of a tenant: one Durable Object per tenant, by name. */
export function hubFor(env: Pick<Env, "FLEET_HUB">, tenantId: number) {
  return env.FLEET_HUB.get(env.FLEET_HUB.idFromName(`tenant:${tenantId}`));
}
