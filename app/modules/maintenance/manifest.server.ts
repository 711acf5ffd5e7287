import { defineManifest } from "~/modules/resource/manifest";
import { planDocument, planOptions, planResource } from "./plan.server";
import { readingOptions, readingResource } from "./reading.server";
import { recordDocument, recordOptions, recordResource } from "./record.server";
import { scheduleResource } from "./schedule.server";

/** What 保养计划 adds to the house (docs/architecture.md, "Domain manifests"): its four lists, two of them documents. */
export default defineManifest({
  resources: {
    maintenanceSchedule: { resource: scheduleResource },
    maintenancePlan: { resource: planResource, options: planOptions, document: planDocument },
    maintenanceRecord: { resource: recordResource, options: recordOptions, document: recordDocument },
    meterReading: { resource: readingResource, options: readingOptions },
  },
});
