// The map widgets' texts, joined into the "widgets" namespace by the chunks that draw a map or pick a place (see
// app/i18n/screen-texts.ts): most screens draw no map, so their first load goes without them.
import en from "../en-US/widgets-map";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/widgets-map";

export const WIDGETS_MAP = screenTexts("widgets", zh, en);
