// The settings screens' refusals, joined into the shell's "common" namespace by the settings page's chunk (see
// app/i18n/screen-texts.ts): messages "settingsCheck.<key>" from app/modules/settings/definitions.server.ts.
import en from "../en-US/settings-checks";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/settings-checks";

export const SETTINGS_CHECKS = screenTexts("common", zh, en);
