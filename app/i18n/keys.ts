/**
 * Message keys as types, derived from the Chinese resources (the English ones have the same keys, app/i18n/types.ts):
 * a key that names no text fails `tsc`. The machinery's messages travel as strings (field errors, refusals), so
 * they are typed `Message` end to end and translated without a cast.
 */
import type { resources } from "./resources";

type Resources = (typeof resources)["zh-CN"];
type Leaves<T, P extends string = ""> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`> }[keyof T & string];

/** A key of the default namespace (common) as written bare, or any namespace's key as `ns:path`. */
export type MessageKey = Leaves<Resources["common"]> | { [NS in keyof Resources & string]: `${NS}:${Leaves<Resources[NS]>}` }[keyof Resources & string];

/** A message as the machinery sends it: a key, or a key with one value after "|" (shown as {{value}}). */
export type Message = MessageKey | `${MessageKey}|${string}`;

/** Whether a key sent as a string (a field error, a refusal) names a text: the one place a string becomes a MessageKey. */
export function isMessageKey(i18n: { exists(key: string): boolean }, key: string): key is MessageKey {
  return i18n.exists(key);
}
