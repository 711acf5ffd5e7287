import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAPS } from "~/i18n/screen/maps";
import { Input } from "~/ui/input";
import { BaseMapNotice } from "./base-map-notice";
import type { GeoFailure, Place } from "./config";
import { findPlaces } from "./geocode";

/** Spec §4: search text waits 500 ms after the last key before it is sent. */
const DEBOUNCE_MS = 500;

type Status = { kind: "idle" } | { kind: "searching" } | { kind: "done"; places: Place[] } | { kind: "failed"; reason: GeoFailure };

/**
 * The map pickers' autocomplete place search (spec §2): typed text goes to /api/geo/search after a pause, the places
 * come back as a list (↑/↓, Enter or a click chooses one, Esc closes the list) and `onPick` sets the marker and the
 * zoom. Without a configured provider it says so, and the address stays typable.
 */
export function PlaceSearch({ enabled, onPick, className = "" }: { enabled: boolean; onPick: (place: Place) => void; className?: string }) {
  const { t } = useTranslation(MAPS);
  const id = useId();
  const [text, setText] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  if (!enabled)
    return (
      <p className={`text-xs text-muted ${className}`} data-testid="place-search-off">
        {t("search.notConfigured")} <BaseMapNotice.Link />
      </p>
    );

  const search = (q: string) => {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (!q.trim()) return setStatus({ kind: "idle" });
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      setStatus({ kind: "searching" });
      setOpen(true);
      findPlaces(q.trim(), controller.signal)
        .then((r) => {
          if (controller.signal.aborted) return;
          setActive(0);
          setStatus(r.ok ? { kind: "done", places: r.data } : { kind: "failed", reason: r.reason });
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
  };
  const places = status.kind === "done" ? status.places : [];
  const pick = (p: Place) => {
    setText(p.name);
    setOpen(false);
    onPick(p);
  };
  const listId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;
  const message =
    status.kind === "searching" ? t("search.searching") : status.kind === "failed" ? t(`search.${status.reason}`) : status.kind === "done" ? (places.length ? t("search.count", { count: places.length }) : t("search.empty")) : "";

  return (
    <div className={`relative ${className}`} data-testid="place-search">
      <label htmlFor={`${id}-q`} className="sr-only">
        {t("search.label")}
      </label>
      <Input
        id={`${id}-q`}
        type="search"
        role="combobox"
        aria-expanded={open && places.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && places[active] ? optionId(active) : undefined}
        placeholder={t("search.placeholder")}
        value={text}
        autoComplete="off"
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          search(e.target.value);
        }}
        onFocus={() => places.length && setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            if (!places.length) return;
            setOpen(true);
            setActive((a) => (a + (e.key === "ArrowDown" ? 1 : places.length - 1)) % places.length);
          } else if (e.key === "Enter") {
            // Enter chooses a place here; it never confirms the dialog around the box
            e.preventDefault();
            e.stopPropagation();
            if (open && places[active]) pick(places[active]!);
          }
        }}
      />
      <p className="mt-1 min-h-4 text-xs text-muted" role="status" aria-live="polite" data-testid="place-search-status">
        {message}
      </p>
      {open && places.length > 0 ? (
        <ul id={listId} role="listbox" aria-label={t("search.label")} className="absolute inset-x-0 top-10 z-20 max-h-72 overflow-auto rounded-md border border-line bg-panel py-1 text-sm shadow-lg">
          {places.map((p, i) => (
            <li
              key={`${p.lng},${p.lat},${i}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(p)}
              className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-brand-soft text-brand" : "text-ink"}`}
            >
              <span className="block truncate font-medium">{p.name}</span>
              {p.address && p.address !== p.name ? <span className="block truncate text-xs text-muted">{p.address}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
