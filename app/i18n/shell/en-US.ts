import common from "../en-US/common";
import resource from "../en-US/resource";
import system from "../en-US/system";
import widgets from "../en-US/widgets";
import workflow from "../en-US/workflow";
import { screenTitles } from "./screen-titles";

/** The shell's English texts: what every page needs, in one language (see app/i18n/shell-texts.tsx). */
export default { common, widgets, resource, system, workflow, screens: screenTitles("en") };
