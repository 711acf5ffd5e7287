/**
 * The generic tests' factories, one file per domain (`tests/worker/factories/<domain>.ts`, the test side of the
 * domain's manifest), gathered here: a new resource adds its factory in its domain's file, no shared list.
 */

export type Tenant = { tenantId?: number; rootOrgId: number; roleIds: { admin: number; dispatcher: number; viewer: number } };
export type SignedTenant = Tenant & { tenantId: number; userId: number };
/** Valid create-form values of a resource for the tenant given. */
export type Factory = (t: Tenant) => Record<string, string>;
/** What a resource's create needs to exist first, for the tenant given. */
export type Prepare = (t: SignedTenant) => Promise<void>;
/** A read-only resource's row put in through SQL for the tenant given; answers its label (the view's rowLabel value). */
export type Seed = (t: { tenantId: number; userId: number }) => Promise<string>;

export interface DomainFactories {
  factories?: Record<string, Factory>;
  prepare?: Record<string, Prepare>;
  seeds?: Record<string, Seed>;
}

const DOMAINS: Record<string, { default: DomainFactories }> = import.meta.glob("./factories/*.ts", { eager: true });

function gathered<K extends keyof DomainFactories>(part: K): NonNullable<DomainFactories[K]> {
  const all: Record<string, unknown> = {};
  for (const [file, { default: d }] of Object.entries(DOMAINS)) {
    for (const [name, f] of Object.entries(d[part] ?? {})) {
      if (name in all) throw new Error(`${part} "${name}" is declared twice (again in ${file})`);
      all[name] = f;
    }
  }
  return all as NonNullable<DomainFactories[K]>;
}

/**
 * Valid create-form values for every registered resource. The isolation test fails for a resource without a factory
 * here, so a new resource cannot slip past it.
 */
export const FACTORIES = gathered("factories");
/**
 * What a resource's create needs to exist first (data permissions: a vehicle the user cannot see, so the user is
 * moved to a department of their own).
 */
export const PREPARE = gathered("prepare");
/**
 * Read-only resources (logs) take no form: their rows are written by the system, so the isolation test puts one in
 * through SQL and looks for its label.
 */
export const SEEDS = gathered("seeds");
