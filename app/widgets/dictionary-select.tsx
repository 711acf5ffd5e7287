import * as Popover from "@radix-ui/react-popover";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { SYSTEM } from "~/i18n/screen/system-admin";
import { checkItems, IMAGE_DICTIONARY, type DictionaryActionData, type DictionaryOption } from "~/lib/dictionary-items";
import { SystemDictionaryNotice, HINT_MS } from "./dictionary-editor";
import { useHydrated } from "./use-hydrated";
import { Select } from "~/ui/input";
import { boxClass } from "~/ui/input";

export interface DictionarySelectProps {
  /** the form field name */
  name: string;
  dictCode: string;
  id?: string;
  defaultValue?: string;
  /** options rendered by the server; without them the widget loads /api/system/dict/options once hydrated */
  options?: DictionaryOption[];
  /** the dictionary's detail, when the server rendered the options */
  dictionary?: { id: number; isSystem: number };
  /** disData:add: offers the add-option editor (the server checks it again) */
  canAdd?: boolean;
  required?: boolean;
  "aria-label"?: string;
}

type Loaded = { options: DictionaryOption[]; dictionary?: { id: number; isSystem: number }; canAdd: boolean };

/**
 * Spec §2 dictionary select: the enabled options of a dictionary by dictCode, and for users with disData:add
 * an inline add-option editor with the editor's rules, posting to /disData (intent addItem). A system
 * dictionary shows 请联系系统管理员修改 with its code to copy instead.
 */
export function DictionarySelect(props: DictionarySelectProps) {
  const { name, dictCode, id = `dict-${name}`, defaultValue = "", required } = props;
  const { t } = useTranslation(SYSTEM);
  const { t: tc } = useTranslation();
  const message = useMessage();
  const [loaded, setLoaded] = useState<Loaded>({ options: props.options ?? [], dictionary: props.dictionary, canAdd: props.canAdd ?? false });
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ name: "", img: "" });
  const [hint, setHint] = useState<string | null>(null);
  const fetcher = useFetcher<DictionaryActionData>();
  const hydrated = useHydrated();

  useEffect(() => {
    if (props.options) return;
    let live = true;
    fetch(`/api/system/dict/options?dictCode=${encodeURIComponent(dictCode)}`, { credentials: "same-origin" })
      .then((r) => r.json() as Promise<{ code: number; data?: DictionaryOption[]; dictionary?: { id: number; isSystem: number }; canAdd?: boolean; message?: string }>)
      .then((body) => {
        if (!live) return;
        if (body.code === 200) setLoaded({ options: body.data ?? [], dictionary: body.dictionary, canAdd: props.canAdd ?? body.canAdd ?? false });
        else setHint(body.message ?? tc("operationFailed"));
      })
      .catch(() => live && setHint(tc("operationFailed")));
    return () => {
      live = false;
    };
  }, [dictCode, props.options, props.canAdd, tc]);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answer?.intent !== "addItem") return;
    if (answer.ok) {
      setLoaded((l) => (l.options.some((o) => o.value === answer.option.value) ? l : { ...l, options: [...l.options, answer.option] }));
      setValue(answer.option.value);
      setDraft({ name: "", img: "" });
      setOpen(false);
    } else setHint(message(answer.error));
  }, [fetcher.state, fetcher.data, message]);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(null), HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  const images = dictCode === IMAGE_DICTIONARY;
  const add = () => {
    const all = [...loaded.options.map((o) => ({ name: o.label, img: o.img ?? "x" })), draft];
    const error = checkItems(dictCode, all)[all.length - 1];
    if (error) return setHint(t(`dictionary.${error}`));
    fetcher.submit({ intent: "addItem", dictCode, itemName: draft.name, itemImg: draft.img }, { method: "post", action: "/disData" });
  };

  return (
    <span className="flex items-center gap-1" data-testid={`dictionary-select-${dictCode}`}>
      <Select
        id={id}
        name={name}
        value={value}
        required={required}
        aria-label={props["aria-label"]}
        onChange={(e) => setValue(e.target.value)}
      >
        <option value="">{t("dictionary.choose")}</option>
        {loaded.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {loaded.canAdd && !hydrated && loaded.dictionary ? (
        // before JavaScript: the dictionary's own editor on /disData
        <a href={`/disData?dict=${loaded.dictionary.id}`} aria-label={t("dictionary.addOption")} title={t("dictionary.addOption")} className="inline-flex h-9 items-center rounded-md border border-line px-2 text-ink hover:border-brand hover:text-brand">
          +
        </a>
      ) : loaded.canAdd && hydrated ? (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger type="button" aria-label={t("dictionary.addOption")} title={t("dictionary.addOption")} className="h-9 rounded-md border border-line px-2 text-ink hover:border-brand hover:text-brand">
            +
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content align="end" sideOffset={4} className="z-50 w-72 rounded-lg border border-line bg-panel p-3 text-ink shadow-xl">
              {loaded.dictionary?.isSystem ? (
                <SystemDictionaryNotice dictCode={dictCode} />
              ) : (
                <div className="space-y-2">
                  <input
                    autoFocus
                    aria-label={t("dictionary.optionName")}
                    placeholder={t("dictionary.optionName")}
                    value={draft.name}
                    onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
                    onKeyDown={(e) => {
                      if (e.key !== "Enter") return;
                      e.preventDefault();
                      add();
                    }}
                    className={`${boxClass} h-8 w-full px-2`}
                  />
                  {images ? (
                    <input
                      aria-label={t("dictionary.optionImage")}
                      placeholder={t("dictionary.imageHint")}
                      value={draft.img}
                      onChange={(e) => setDraft((d) => ({ ...d, img: e.target.value }))}
                      className={`${boxClass} h-8 w-full px-2 text-sm`}
                    />
                  ) : null}
                  <button type="button" onClick={add} disabled={fetcher.state !== "idle"} className="h-8 w-full rounded-md bg-brand text-white disabled:opacity-60">
                    {t("dictionary.addOption")}
                  </button>
                </div>
              )}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ) : null}
      {hint ? (
        <span role="alert" className="text-sm text-danger">
          {hint}
        </span>
      ) : null}
    </span>
  );
}
