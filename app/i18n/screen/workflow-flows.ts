// The approval flows settings' texts, joined into the "workflow" namespace by that screen's chunk (see app/i18n/screen-texts.ts).
import en from "../en-US/workflow-flows";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/workflow-flows";

export const WORKFLOW = screenTexts("workflow", zh, en);
