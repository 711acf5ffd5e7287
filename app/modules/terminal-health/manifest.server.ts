import { defineManifest } from "~/modules/resource/manifest";

/**
 * What the terminals' health adds to the house (docs/architecture.md, "Domain manifests"): no generic resource — its
 * screens are bespoke (状态报表, 区域设备) and its table `terminal_health_checks` is named in the isolation test's
 * OUTSIDE_RESOURCES; its daily job is workers/jobs/terminal-health.ts.
 */
export default defineManifest({});
