// The "maps" text namespace, loaded with the map chunks that use it (see app/i18n/screen-texts.ts).
import en from "../en-US/maps";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/maps";

export const MAPS = screenTexts("maps", zh, en);
