import { Form, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { SYSTEM } from "~/i18n/screen/system-admin";
import { withQuery } from "~/lib/navigation";
import { checkItems, IMAGE_DICTIONARY, OPTION_NAME_MAX, type DraftItem } from "~/lib/dictionary-items";
import { Alert, Button } from "~/ui/field";
import { Dialog } from "~/ui/dialog";
import { Drawer } from "~/ui/drawer";
import { useHydrated } from "./use-hydrated";
import { LinkButton } from "~/ui/button";
import { boxClass } from "~/ui/input";

/** Spec §5: an editor hint stays 2 s. */
export const HINT_MS = 2000;

type Row = DraftItem & { key: string };
let keys = 0;
const withKeys = (items: DraftItem[]): Row[] => items.map((i) => ({ ...i, key: `r${keys++}` }));

export interface DictionaryEditorProps {
  dictionary: { id: number; dictCode: string; dictName: string; isSystem: number; version: number };
  items: DraftItem[];
  /** where the editor's forms post (the screen's action, with the dictionary in the query) */
  formAction: string;
  /** where 取消 and an unchanged save go */
  back: string;
  can: { add: boolean; edit: boolean; delete: boolean };
  /** the delete-tips flag: ask 确定删除吗? before removing a row */
  deleteTips?: boolean;
  /** messages from the server (i18n keys): per row index, and for the whole form */
  errors?: Record<number, string>;
  formError?: string;
  /** the server's 确定保存吗？ step (plain HTML forms); lists the options the save removes */
  confirm?: { removed: string[] };
}

/**
 * The option editor of one dictionary (spec §4, §5): add, rename, reorder (buttons or Alt+↑/↓), delete, save.
 * It is a plain form first: every button posts to the screen's action, which answers the edited draft; with
 * JavaScript the same buttons act in place, hints show for 2 s and the confirmations are dialogs.
 */
export function DictionaryEditor(props: DictionaryEditorProps) {
  const { dictionary, formAction, back, can, deleteTips = true } = props;
  const { t } = useTranslation(SYSTEM);
  const { t: tc } = useTranslation();
  const { t: tr } = useTranslation("resource");
  const message = useMessage();
  const [rows, setRows] = useState<Row[]>(() => withKeys(props.items));
  const initial = useRef(JSON.stringify(props.items.map(({ id, name, img }) => ({ id, name, img }))));
  const [hint, setHint] = useState<{ key: string; message: string } | null>(null);
  const [asking, setAsking] = useState<null | { kind: "save" } | { kind: "delete"; key: string }>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigate = useNavigate();
  const images = dictionary.dictCode === IMAGE_DICTIONARY;
  const hydrated = useHydrated();

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(null), HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);
  useEffect(() => {
    if (focusKey) formRef.current?.querySelector<HTMLElement>(`[data-row="${focusKey}"] [data-focus]`)?.focus();
  }, [focusKey, rows]);

  const serverError = (i: number) => (props.errors?.[i] ? message(props.errors[i]!) : null);
  const opUrl = (op: string) => withQuery(formAction, op);
  const change = (key: string, patch: Partial<DraftItem>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, dir: -1 | 1) => {
    const to = index + dir;
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setRows(next);
    setFocusKey(rows[index]!.key);
  };
  const remove = (key: string) => setRows((rs) => rs.filter((r) => r.key !== key));
  const js = (fn: () => void) => (e: MouseEvent) => {
    e.preventDefault();
    fn();
  };
  const onRowKey = (index: number) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown") || !can.edit) return;
    e.preventDefault();
    move(index, e.key === "ArrowUp" ? -1 : 1);
  };
  const trySave = () => {
    const current = JSON.stringify(rows.map(({ id, name, img }) => ({ id, name, img })));
    // spec §4: nothing changed closes without saving
    if (current === initial.current) return navigate(back);
    const errors = checkItems(dictionary.dictCode, rows);
    const first = Object.keys(errors).map(Number)[0];
    if (first !== undefined) return setHint({ key: rows[first]!.key, message: t(`dictionary.${errors[first]!}`) });
    setAsking({ kind: "save" });
  };
  const save = () => {
    const data = new FormData(formRef.current!);
    data.set("intent", "saveItems");
    submit(data, { method: "post", action: formAction });
    setAsking(null);
  };

  return (
    <Drawer
      title={t("dictionary.editorTitle", { name: dictionary.dictName })}
      titleId="dict-editor-title"
      closeTo={back}
      closeLabel={tc("cancel")}
      widthClass="w-[min(70vw,40rem)]"
      data-testid="dictionary-editor"
      data-hydrated={hydrated || undefined}
    >
      <Form ref={formRef} method="post" action={formAction} className="flex-1 overflow-y-auto px-5 py-4" noValidate>
        <input type="hidden" name="dictId" value={dictionary.id} />
        <input type="hidden" name="version" value={dictionary.version} />
        {props.formError ? <Alert tone="error">{message(props.formError)}</Alert> : null}
        <p className="mb-2 text-xs text-muted">
          {t("dictionary.code")}: {dictionary.dictCode}
        </p>
        <ol className="space-y-2" data-testid="dictionary-items">
          {rows.length === 0 ? <li className="text-sm text-muted">{t("dictionary.empty")}</li> : null}
          {rows.map((row, i) => {
            const error = hint?.key === row.key ? hint.message : serverError(i);
            const label = `${t("dictionary.optionName")} ${i + 1}`;
            return (
              <li key={row.key} data-row={row.key} className="rounded-md border border-line p-2" onKeyDown={onRowKey(i)}>
                <input type="hidden" name="itemId" value={row.id ?? ""} />
                <input type="hidden" name="itemLocked" value={row.locked ? "1" : "0"} />
                <div className="flex items-center gap-2">
                  <span className="w-6 text-right text-xs text-muted">{i + 1}</span>
                  {row.locked ? (
                    <>
                      <input type="hidden" name="itemName" value={row.name} />
                      <input type="hidden" name="itemImg" value={row.img} />
                      <span className="flex-1 text-sm text-ink" data-testid="locked-item" title={t("dictionary.locked")}>
                        <span aria-hidden>🔒 </span>
                        {row.name}
                        <span className="sr-only"> ({t("dictionary.locked")})</span>
                      </span>
                    </>
                  ) : (
                    <input
                      name="itemName"
                      aria-label={label}
                      value={row.name}
                      maxLength={OPTION_NAME_MAX + 10}
                      readOnly={!can.edit && row.id !== null}
                      onChange={(e) => change(row.key, { name: e.target.value })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${row.key}-error` : undefined}
                      className={`${boxClass} h-8 flex-1 px-2`}
                    />
                  )}
                  {can.edit ? (
                    <>
                      <button type="submit" data-focus name="intent" value="draftMove" formAction={opUrl(`row=${i}&dir=up`)} onClick={js(() => move(i, -1))} disabled={i === 0} aria-label={`${t("dictionary.moveUp")} ${row.name || i + 1}`} className="rounded px-1 text-muted hover:text-brand disabled:opacity-30">
                        ↑
                      </button>
                      <button type="submit" name="intent" value="draftMove" formAction={opUrl(`row=${i}&dir=down`)} onClick={js(() => move(i, 1))} disabled={i === rows.length - 1} aria-label={`${t("dictionary.moveDown")} ${row.name || i + 1}`} className="rounded px-1 text-muted hover:text-brand disabled:opacity-30">
                        ↓
                      </button>
                    </>
                  ) : null}
                  {can.delete && !row.locked ? (
                    <button type="submit" name="intent" value="draftRemove" formAction={opUrl(`row=${i}`)} onClick={js(() => (deleteTips ? setAsking({ kind: "delete", key: row.key }) : remove(row.key)))} className="text-sm text-danger" aria-label={`${t("dictionary.remove")} ${row.name || i + 1}`}>
                      {t("dictionary.remove")}
                    </button>
                  ) : null}
                </div>
                {images && !row.locked ? (
                  <input
                    name="itemImg"
                    aria-label={`${t("dictionary.optionImage")} ${i + 1}`}
                    placeholder={t("dictionary.imageHint")}
                    value={row.img}
                    onChange={(e) => change(row.key, { img: e.target.value })}
                    className={`${boxClass} ml-8 mt-1 h-8 w-[calc(100%-2rem)] px-2 text-sm`}
                  />
                ) : !row.locked ? (
                  <input type="hidden" name="itemImg" value={row.img} />
                ) : null}
                {error ? (
                  <p id={`${row.key}-error`} role="alert" className="ml-8 mt-1 text-sm text-danger">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="mt-4 flex justify-between gap-2 border-t border-line pt-4">
          {can.add ? (
            <Button type="submit" variant="ghost" name="intent" value="draftAdd" onClick={js(() => setRows((rs) => [...rs, ...withKeys([{ id: null, name: "", img: "", locked: false }])]))}>
              {t("dictionary.addOption")}
            </Button>
          ) : (
            <span />
          )}
          <span className="flex gap-2">
            <LinkButton to={back}>
              {tr("cancel")}
            </LinkButton>
            {can.edit ? (
              <Button type="submit" name="intent" value="confirmSave" onClick={js(trySave)} data-testid="dictionary-save">
                {tr("save")}
              </Button>
            ) : null}
          </span>
        </div>
      </Form>
      {props.confirm ? <ServerSaveConfirm {...props} removed={props.confirm.removed} /> : null}
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => (open ? null : setAsking(null))}
        title={asking?.kind === "delete" ? t("dictionary.deleteConfirm") : t("dictionary.saveConfirm")}
        width="24rem"
        footer={
          <>
            <Button type="button" variant="ghost" onClick={() => setAsking(null)}>
              {tr("cancel")}
            </Button>
            <Button
              type="button"
              variant={asking?.kind === "delete" ? "danger" : "primary"}
              onClick={() => {
                if (asking?.kind === "delete") {
                  remove(asking.key);
                  setAsking(null);
                } else save();
              }}
            >
              {tr("confirm")}
            </Button>
          </>
        }
      />
    </Drawer>
  );
}

/** 确定保存吗？ rendered by the server (no JavaScript): the checked draft again as hidden fields, posting saveItems. */
function ServerSaveConfirm({ dictionary, items, formAction, removed }: DictionaryEditorProps & { removed: string[] }) {
  const { t } = useTranslation(SYSTEM);
  const { t: tr } = useTranslation("resource");
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="dict-confirm-title" className="fixed inset-0 z-40 flex items-center justify-center bg-black/30">
      <Form method="post" action={formAction} className="w-96 rounded-lg border border-line bg-panel p-5 shadow-xl">
        <h2 id="dict-confirm-title" className="mb-2 text-base font-semibold text-ink">
          {t("dictionary.saveConfirm")}
        </h2>
        {removed.length ? <p className="mb-4 break-all text-sm text-danger">{tr("deleteWhat", { labels: removed.join("、") })}</p> : null}
        <input type="hidden" name="intent" value="saveItems" />
        <input type="hidden" name="dictId" value={dictionary.id} />
        <input type="hidden" name="version" value={dictionary.version} />
        {items.map((item, i) => (
          <span key={i} hidden>
            <input type="hidden" name="itemId" value={item.id ?? ""} />
            <input type="hidden" name="itemName" value={item.name} />
            <input type="hidden" name="itemImg" value={item.img} />
            <input type="hidden" name="itemLocked" value={item.locked ? "1" : "0"} />
          </span>
        ))}
        <div className="flex justify-end gap-2">
          <LinkButton to={formAction}>
            {tr("cancel")}
          </LinkButton>
          <Button type="submit">{tr("confirm")}</Button>
        </div>
      </Form>
    </div>
  );
}

/** Spec §6: a system dictionary is not edited here; the user copies its code for the administrator. */
export function SystemDictionaryNotice({ dictCode }: { dictCode: string }) {
  const { t } = useTranslation(SYSTEM);
  const [copied, setCopied] = useState<null | boolean>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(dictCode);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="rounded-md border border-line bg-panel p-3 text-sm text-ink" data-testid="system-dictionary">
      <p>{t("dictionary.systemLocked")}</p>
      <p className="mt-1 flex items-center gap-2">
        <code className="rounded bg-black/5 px-1">{dictCode}</code>
        <button type="button" onClick={copy} className="text-brand">
          {t("dictionary.copy")}
        </button>
        <span role="status" className={copied === false ? "text-danger" : "text-success"}>
          {copied === null ? "" : copied ? t("dictionary.copied") : t("dictionary.copyFailed")}
        </span>
      </p>
    </div>
  );
}
