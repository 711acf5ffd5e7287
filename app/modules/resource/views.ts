import type { ResourceView } from "~/lib/list/types";

/**
 * Views served entirely by the generic screen (app/modules/screens/resource-screen.tsx), whose route files are one line: each
 * domain lists its own in `app/modules/<domain>/plain-views.ts`, gathered here by the bundler.
 */
export const PLAIN_VIEWS: ResourceView[] = Object.values(import.meta.glob<{ default: ResourceView[] }>("../*/plain-views.ts", { eager: true })).flatMap((m) => m.default);
