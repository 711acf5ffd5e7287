import { defineScreens } from "~/modules/screens/define";

/** 证书管理, the spec's screen this domain has built. */
export default defineScreens({ built: ["/certificate"] });
