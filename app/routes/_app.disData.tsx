import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "~/i18n/screen/system-admin";
import { requireScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { withQuery } from "~/lib/navigation";
import { listHref } from "~/lib/list/types";
import { dictionaryView } from "~/modules/system/dictionary.resource";
import type { DictionaryActionData } from "~/lib/dictionary-items";
import { dictionaryIntents, dictionaryResource, loadEditor } from "~/modules/system/dictionary.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { Drawer } from "~/ui/drawer";
import { DictionaryEditor, SystemDictionaryNotice } from "~/widgets/dictionary-editor";
import { QueryLink } from "~/widgets/list-navigation";
import { pageTitle } from "~/lib/page-title";
import type { RowOf } from "~/modules/resource/resource.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "数据字典", en: "Data Dictionary" }) }];

/** The list, and with ?dict=<id> that dictionary's option editor. */
export async function loader(args: LoaderFunctionArgs) {
  const base = await resourceLoader(args, dictionaryResource);
  const dictId = Number(new URL(args.request.url).searchParams.get("dict"));
  const scope = await requireScope(args.request, args.context, { screen: dictionaryView.path });
  const editor = dictId ? await loadEditor(scope, dictId) : null;
  return data({ ...base.data, editor }, base.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, dictionaryResource, { intents: dictionaryIntents(args.request) });

export default function DisData() {
  const { t } = useTranslation(SYSTEM);
  const { query, editor, can } = useLoaderData<typeof loader>();
  const back = listHref(dictionaryView.path, query);
  return (
    <>
      <ResourcePage<RowOf<typeof dictionaryResource>>
        view={dictionaryView}
        rowActions={(row) => (
          <QueryLink to={withQuery(back, `dict=${row.id}`)} className="text-brand" data-testid={`options-${String(row.dictCode)}`}>
            {row.isSystem === 1 ? "🔒 " : ""}
            {t("dictionary.options")}
          </QueryLink>
        )}
      />
      {editor ? <EditorPanel editor={editor} back={back} can={can} /> : null}
    </>
  );
}

type Editor = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["editor"]>;

function EditorPanel({ editor, back, can }: { editor: Editor; back: string; can: { add: boolean; edit: boolean; delete: boolean } }) {
  const { t: tc } = useTranslation();
  const action = useActionData<DictionaryActionData>();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("row");
  params.delete("dir");
  const formAction = `${pathname}?${params}`;
  if (editor.dictionary.isSystem !== 0) {
    return (
      <Drawer title={editor.dictionary.dictName} titleId="dict-locked-title" closeTo={back} closeLabel={tc("cancel")} widthClass="w-[min(70vw,32rem)]" padded>
        <SystemDictionaryNotice dictCode={editor.dictionary.dictCode} />
      </Drawer>
    );
  }
  const draft = action?.intent === "draft" && action.dictId === editor.dictionary.id ? action : null;
  const dictionary = draft ? { ...editor.dictionary, version: draft.version } : editor.dictionary;
  const items = draft?.items ?? editor.items;
  return (
    <DictionaryEditor
      key={JSON.stringify([dictionary.version, items, draft?.errors])}
      dictionary={dictionary}
      items={items}
      formAction={formAction}
      back={back}
      can={can}
      deleteTips
      errors={draft?.errors}
      formError={draft?.formError}
      confirm={draft?.confirm}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
