import { defineScreens } from "~/modules/screens/define";

/** 证书管理 and 证照管理, the spec's screens this domain has built. */
export default defineScreens({ built: ["/certificate", "/license"] });
