// The "workbench" text namespace, loaded with the workbench's chunk (see app/i18n/screen-texts.ts).
import en from "../en-US/workbench";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/workbench";

export const WORKBENCH = screenTexts("workbench", zh, en);
