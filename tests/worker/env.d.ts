import type { D1Migration } from "@cloudflare/vitest-pool-workers";
import "../../workers/env";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
