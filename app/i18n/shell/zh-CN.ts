import common from "../zh-CN/common";
import resource from "../zh-CN/resource";
import system from "../zh-CN/system";
import widgets from "../zh-CN/widgets";
import workflow from "../zh-CN/workflow";
import { screenTitles } from "./screen-titles";

/** The shell's Chinese texts: what every page needs, in one language (see app/i18n/shell-texts.tsx). */
export default { common, widgets, resource, system, workflow, screens: screenTitles("zh") };
