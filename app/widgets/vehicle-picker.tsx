import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./use-hydrated";
import { boxClass } from "~/ui/input";

type Choice = { id: number; plate: string; terminalNo: string };

const parse = (value: string) => [...new Set(value.split(/[\n\r,，、;；\s]+/).map((p) => p.trim()).filter(Boolean))];

/**
 * A multi-select of vehicles by plate. The form posts `name` as plate numbers, one a line, so the same field works
 * without JavaScript (a textarea of plates). With JavaScript it is a combobox: typing asks `source` (debounced,
 * 20 results at most, so a fleet of thousands never loads into the page), arrows move, Enter adds, Backspace in the
 * empty box removes the last plate.
 */
export function VehiclePicker({ id, name, defaultValue, source, invalid, describedBy, inputRef }: { id: string; name: string; defaultValue: string; source: string; invalid?: boolean; describedBy?: string; inputRef?: (el: HTMLElement | null) => void }) {
  const { t } = useTranslation("system");
  const hydrated = useHydrated();
  const [plates, setPlates] = useState(() => parse(defaultValue));
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<Choice[]>([]);
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const listId = useId();
  const box = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (!hydrated || !open) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus("loading");
      try {
        const sep = source.includes("?") ? "&" : "?";
        const res = await fetch(`${source}${sep}q=${encodeURIComponent(q.trim())}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { data: Choice[] };
        setChoices(body.data);
        setActive(0);
        setStatus("idle");
      } catch (error) {
        if (!controller.signal.aborted) setStatus("error");
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, open, source, hydrated]);

  const field = `${boxClass} w-full px-3`;
  if (!hydrated) {
    return (
      <>
        <textarea id={id} name={name} defaultValue={plates.join("\n")} aria-invalid={invalid || undefined} aria-describedby={[describedBy, `${id}-plates`].filter(Boolean).join(" ")} className={`${field} h-24 py-2`} ref={inputRef} />
        <p id={`${id}-plates`} className="mt-1 text-xs text-muted">
          {t("userVehicles.platesHint")}
        </p>
      </>
    );
  }

  const offered = choices.filter((c) => !plates.includes(c.plate));
  const add = (plate: string) => {
    setPlates((p) => (p.includes(plate) ? p : [...p, plate]));
    setQ("");
    box.current?.focus();
  };
  const remove = (plate: string) => setPlates((p) => p.filter((x) => x !== plate));
  const onKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(offered.length - 1, 0)));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter") {
      // Enter picks; it never submits the form from the search box
      e.preventDefault();
      const pick = offered[active];
      if (open && pick) add(pick.plate);
    } else if (e.key === "Escape") {
      if (open) e.stopPropagation();
      setOpen(false);
    } else if (e.key === "Backspace" && q === "" && plates.length) {
      remove(plates[plates.length - 1]!);
    }
  };

  return (
    <div className="relative" data-testid={`vehicle-picker-${name}`}>
      <input type="hidden" name={name} value={plates.join("\n")} />
      <div className={`flex min-h-9 flex-wrap items-center gap-1 rounded-md border bg-panel px-2 py-1 focus-within:border-brand ${invalid ? "border-danger" : "border-line"}`}>
        <ul className="contents" aria-label={t("userVehicles.selected", { count: plates.length })}>
          {plates.map((plate) => (
            <li key={plate} className="inline-flex items-center gap-1 rounded bg-brand/10 px-2 py-0.5 text-sm text-ink">
              {plate}
              <button type="button" onClick={() => remove(plate)} aria-label={t("userVehicles.remove", { plate })} className="text-muted hover:text-danger">
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          ref={(el) => {
            box.current = el;
            inputRef?.(el);
          }}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && offered[active] ? `${listId}-${offered[active]!.id}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={q}
          placeholder={t("userVehicles.search")}
          autoComplete="off"
          onChange={(e) => {
            setQ(e.target.value);
            // the last answer was for other text: say that a search runs rather than show it
            setChoices([]);
            setStatus("loading");
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKey}
          className="h-7 min-w-40 flex-1 bg-transparent px-1 text-ink placeholder:text-muted focus:outline-none focus-visible:outline-none"
        />
      </div>
      <p className="mt-1 text-xs text-muted" aria-live="polite">
        {plates.length ? t("userVehicles.selected", { count: plates.length }) : t("userVehicles.none")}
      </p>
      {open ? (
        <ul id={listId} role="listbox" className="absolute z-40 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-line bg-panel py-1 shadow-xl">
          {status === "loading" && !offered.length ? (
            <li className="px-3 py-1.5 text-sm text-muted">{t("userVehicles.searching")}</li>
          ) : status === "error" ? (
            <li className="px-3 py-1.5 text-sm text-danger">{t("userVehicles.searchFailed")}</li>
          ) : !offered.length ? (
            <li className="px-3 py-1.5 text-sm text-muted">{t("userVehicles.noMatch")}</li>
          ) : (
            offered.map((c, i) => (
              <li
                key={c.id}
                id={`${listId}-${c.id}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  add(c.plate);
                }}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer justify-between px-3 py-1.5 text-sm ${i === active ? "bg-brand/10 text-brand" : "text-ink"}`}
              >
                <span>{c.plate}</span>
                <span className="text-muted">{c.terminalNo}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
