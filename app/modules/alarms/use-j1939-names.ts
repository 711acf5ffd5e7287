import { useEffect, useState } from "react";
import type { J1939Names } from "./j1939";

let loaded: J1939Names | null = null;
let loading: Promise<J1939Names> | null = null;

/**
 * The J1939 names for the browser, loaded on first need (a fault on screen) as a chunk of its own, so the shell and
 * the list chunks do not carry the dictionary; null until it has arrived (the codes show by number meanwhile).
 */
export function useJ1939Names(needed: boolean): J1939Names | null {
  const [names, setNames] = useState<J1939Names | null>(loaded);
  useEffect(() => {
    if (!needed || names) return;
    let live = true;
    loading ??= import("./j1939").then((m) => (loaded = m.J1939_NAMES));
    void loading.then((n) => live && setNames(n));
    return () => {
      live = false;
    };
  }, [needed, names]);
  return names;
}
