/**
 * 查找设备: the contract line's machine finder, loaded when the clerk opens it (React.lazy in contract-document.tsx).
 * It reads the line's days and type and the contract's dates from the form as they stand, asks
 * `/api/vehicles/choices?for=contractLine` (machine-choices.server.ts) as the clerk types, and lists each machine with
 * its type, model and whether it is free over those days (else who holds it then); 选用 puts it in the line's select,
 * as if chosen there. The save checks double bookings all the same.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CONTRACTS } from "~/modules/contracts/texts/contracts";
import { equipmentTypeName } from "~/modules/telematics/vehicle-types";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import type { MachineChoice } from "./machine-choices.server";

/** The line's days and type as the form now holds them: its own on- and off-rent days, else the contract's start and planned end. */
function lineTerms(form: HTMLFormElement, index: number) {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? "").trim();
  return {
    from: value(`lines[${index}].onRentOn`) || value("startOn"),
    to: value(`lines[${index}].offRentOn`) || value("plannedEndOn"),
    type: value(`lines[${index}].equipmentType`),
    contract: value("id"),
  };
}

export function MachineFinder({ formId, index, onClose }: { formId: string; index: number; onClose: () => void }) {
  const { t, i18n } = useTranslation(CONTRACTS);
  const [q, setQ] = useState("");
  const [state, setState] = useState<{ rows: MachineChoice[] | null; failed: boolean }>({ rows: null, failed: false });
  const form = typeof document === "undefined" ? null : (document.getElementById(formId) as HTMLFormElement | null);
  const terms = form ? lineTerms(form, index) : { from: "", to: "", type: "", contract: "" };
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const ask = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ for: "contractLine", q, from: terms.from, to: terms.to, type: terms.type, contract: terms.contract });
      fetch(`/api/vehicles/choices?${params}`, { signal: ask.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ data: MachineChoice[] }>) : Promise.reject(new Error(String(r.status)))))
        .then((body) => setState({ rows: body.data, failed: false }))
        .catch((error: unknown) => {
          if ((error as Error).name !== "AbortError") setState({ rows: null, failed: true });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      ask.abort();
    };
  }, [q, terms.from, terms.to, terms.type, terms.contract]);

  const choose = (id: number) => {
    const select = form?.elements.namedItem(`lines[${index}].vehicleId`) as HTMLSelectElement | null;
    if (select) {
      select.value = String(id);
      // as if chosen in the select itself: the form's state and its listeners follow
      select.dispatchEvent(new Event("input", { bubbles: true }));
      select.dispatchEvent(new Event("change", { bubbles: true }));
      select.focus();
    }
    onClose();
  };
  const { rows, failed } = state;
  return (
    <div
      className="mt-2 rounded-md border border-line bg-panel p-2 shadow-sm"
      role="dialog"
      aria-label={t("finder.open")}
      data-testid="machine-finder"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="mb-2 flex items-center gap-2">
        <Input ref={input} value={q} onChange={(e) => setQ(e.target.value)} placeholder={t("finder.search")} aria-label={t("finder.searchLabel")} className="h-8 flex-1 px-2" maxLength={50} />
        <Button type="button" size="sm" variant="secondary" onClick={onClose}>
          {t("finder.close")}
        </Button>
      </div>
      <p className="mb-1 text-xs text-muted">{terms.from ? t("finder.days", { from: terms.from, to: terms.to || t("finder.openEnd") }) : t("finder.noDays")}</p>
      {failed ? (
        <p className="text-sm text-danger" role="alert">
          {t("finder.failed")}
        </p>
      ) : rows === null ? (
        <p className="text-sm text-muted">{t("finder.loading")}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted">{t("finder.none")}</p>
      ) : (
        <ul className="max-h-64 overflow-y-auto text-sm" aria-live="polite">
          {rows.map((m) => (
            <li key={m.id} className="flex items-center gap-2 border-t border-line py-1.5 first:border-t-0" data-testid="machine-choice">
              <span className="min-w-0 flex-1">
                <span className="font-medium text-ink">
                  {m.plate}
                  {m.selfNo ? `（${m.selfNo}）` : ""}
                </span>
                <span className="ml-2 text-xs text-muted">{[m.type ? equipmentTypeName(m.type, i18n.language) : "", m.model].filter(Boolean).join(" · ")}</span>
                <span className={`block text-xs ${m.heldBy ? "text-danger" : "text-success"}`}>
                  {m.heldBy ? t("finder.held", { number: m.heldBy.number, from: m.heldBy.from, to: m.heldBy.to ?? t("finder.openEnd") }) : terms.from ? t("finder.free") : ""}
                </span>
              </span>
              <Button type="button" size="sm" variant="secondary" onClick={() => choose(m.id)} aria-label={`${t("finder.choose")} ${m.plate}`}>
                {t("finder.choose")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
