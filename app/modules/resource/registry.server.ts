import type { FileHolder } from "~/modules/files/file-holder";
import type { ApprovalKind } from "~/modules/workflow/approval.server";
import type { DomainManifest, RegisteredResource } from "./manifest";

export type { RegisteredResource } from "./manifest";

/**
 * Every domain's manifest (`app/modules/<domain>/manifest.server.ts`), gathered by the bundler: no list here names a
 * domain. Read through the functions below, at a request's time, never while modules are still loading (a domain's
 * module may import this one, and its manifest is then not ready).
 */
const MANIFESTS: Record<string, { default: DomainManifest }> = import.meta.glob("../*/manifest.server.ts", { eager: true });

const domainOf = (file: string) => file.split("/")[1]!;

let resources: Record<string, RegisteredResource> | undefined;
/** Every resource by name; a name declared by two domains is refused when first read. */
export function registeredResources(): Record<string, RegisteredResource> {
  if (resources) return resources;
  const all: Record<string, RegisteredResource> = {};
  const owner = new Map<string, string>();
  for (const [file, { default: m }] of Object.entries(MANIFESTS)) {
    for (const [name, entry] of Object.entries(m.resources ?? {})) {
      if (owner.has(name)) throw new Error(`resource "${name}" is declared by both ${owner.get(name)} and ${domainOf(file)}`);
      if (entry.resource.view.name !== name) throw new Error(`resource "${name}" of ${domainOf(file)} has the view "${entry.resource.view.name}": register it under its view's name`);
      owner.set(name, domainOf(file));
      all[name] = entry;
    }
  }
  return (resources = all);
}

let kinds: readonly ApprovalKind[] | undefined;
/** The kinds of document that go through approval, in the order of the domains' folders. */
export function approvalKinds(): readonly ApprovalKind[] {
  return (kinds ??= Object.values(MANIFESTS).flatMap(({ default: m }) => m.approvalKinds ?? []));
}

/** The domains' file holders that are not a resource's fileColumns. */
export const fileHoldersOfDomains = (): FileHolder[] => Object.values(MANIFESTS).flatMap(({ default: m }) => m.fileHolders ?? []);
