import { sql } from "drizzle-orm";
import { supplierCertificates, suppliers } from "../../../db/schema";
import { defineManifest } from "~/modules/resource/manifest";
import { customerResource } from "./customer.server";
import { partyOptions } from "./party.server";
import { supplierTowerView, supplierView } from "./supplier.resource";
import { supplierResource, supplierTowerResource } from "./supplier.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    customer: { resource: customerResource, options: partyOptions },
    supplier: { resource: supplierResource },
    supplierTower: { resource: supplierTowerResource },
  },
  // a supplier's certificate scans, on either supplier screen (the tower one shows tower suppliers only)
  fileHolders: [
    { table: supplierCertificates, column: supplierCertificates.fileId, screen: supplierView.path },
    { table: supplierCertificates, column: supplierCertificates.fileId, screen: supplierTowerView.path, where: () => sql`exists (select 1 from ${suppliers} where ${suppliers.id} = ${supplierCertificates.supplierId} and ${suppliers.tower} = 1)` },
  ],
});
