import type { RequestScope } from "~/modules/access/access.server";
import type { FileHolder } from "~/modules/files/file-holder";
import type { ApprovalKind } from "~/modules/workflow/approval.server";
import type { DocumentDefinition } from "./document.server";
import type { AnyResource } from "./resource.server";
import type { Option } from "./route.server";

/**
 * What a domain adds to the house, declared in its own folder (`app/modules/<domain>/manifest.server.ts`, default
 * export) and gathered by the bundler (`import.meta.glob` in registry.server.ts): a new document type is its
 * declarations and this file, with no shared list to extend. The machinery never imports a domain.
 */
export interface DomainManifest {
  /** resources by name: the Excel routes, the resource screens and the generic tests (isolation, races, hostile input) find theirs here */
  resources?: Record<string, RegisteredResource>;
  /** kinds of document that go through approval: the to-do, the approval-flow settings and the history read them */
  approvalKinds?: readonly ApprovalKind[];
  /** rows that name uploaded files and are not a resource's `fileColumns`: who may download a file (docs/files.md) */
  fileHolders?: readonly FileHolder[];
}

export interface RegisteredResource {
  resource: AnyResource;
  /** a document's server half (document.server.ts): its lines tables are the resource's too */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any machine row: the registry only reads the lines
  document?: DocumentDefinition<any>;
  options?: (scope: RequestScope) => Promise<Record<string, Option[]>>;
}

export const defineManifest = (manifest: DomainManifest): DomainManifest => manifest;
