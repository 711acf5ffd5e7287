// The "auth" text namespace, loaded with the chunks that use it (see app/i18n/screen-texts.ts), not with every page's shell.
import en from "../en-US/auth";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/auth";

export const AUTH = screenTexts("auth", zh, en);
