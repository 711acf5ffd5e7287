import { defineManifest } from "~/modules/resource/manifest";
import { invoiceOptions, invoiceResource } from "./invoice.server";
import { receiptOptions, receiptResource } from "./receipt.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    invoice: { resource: invoiceResource, options: invoiceOptions },
    receipt: { resource: receiptResource, options: receiptOptions },
  },
});
