// The rarer system administration texts (applications, menus, roles, dictionaries, data permissions), joined into
// the "system" namespace by the chunks of the screens and widgets that show them (see app/i18n/screen-texts.ts).
import en from "../en-US/system-admin";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/system-admin";

export const SYSTEM = screenTexts("system", zh, en);
