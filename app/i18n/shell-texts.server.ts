import type { Language } from "./index";
import { shellResources } from "./resources";
import { SHELL_TEXTS_GLOBAL } from "./shell-texts";

export interface ShellTextsScript {
  /** `/i18n/shell.<lang>.<hash>.js`: a new version of the texts is a new address, so browsers may keep one for good */
  src: string;
  body: string;
}

const scripts = new Map<Language, ShellTextsScript>();

/** JSON safe inside a script: no "</script>" or "<!--" can end it early, no line separator can break the line. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The script that defines the shell's texts of a language for the browser (shell-texts.tsx), built once. */
export function shellTextsScript(lng: Language): ShellTextsScript {
  let script = scripts.get(lng);
  if (!script) {
    const body = `window.${SHELL_TEXTS_GLOBAL}=${scriptJson(shellResources[lng])};`;
    // FNV-1a: a name for the content, not a secret
    let hash = 0x811c9dc5;
    for (let i = 0; i < body.length; i++) hash = Math.imul(hash ^ body.charCodeAt(i), 0x01000193);
    scripts.set(lng, (script = { src: `/i18n/shell.${lng}.${(hash >>> 0).toString(36)}.js`, body }));
  }
  return script;
}
