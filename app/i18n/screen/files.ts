// The "files" text namespace, loaded with the chunks that use it (see app/i18n/screen-texts.ts), not with every page's shell.
import en from "../en-US/files";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/files";

export const FILES = screenTexts("files", zh, en);
