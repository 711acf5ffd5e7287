import { defineScreens } from "~/modules/screens/define";

/** 塔吊档案, the spec's screen this domain has built (docs/big-screens.md, 塔吊大屏). */
export default defineScreens({ built: ["/towerDocument"] });
