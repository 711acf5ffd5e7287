/**
 * 安全整改 (`/safetyReform`): a rectification notice (隐患整改通知单): the site, where it came from (a safety inspection's
 * failed items, a hazard, or written by hand), the organisation it is issued to and the person answerable, and its items:
 * each a requirement with its deadline and its person, photos before and after, and what was done. It goes 草稿 → 已提交
 * → 已下发 → 整改中 → 待复核 → 复查 → 已完成; a failed review or recheck sends it back to 整改中 with the reason. While
 * it is rectified only the photos and the notes change; an after photo on every item before 提交复核 (the server's
 * rules, reform.server.ts). The view, the form, the states and the machine (client-safe; docs/safety.md).
 */
import { defineFields, defineView, INDEX_COLUMN, type FormFieldDef, type OptionDef, type ResourceView } from "~/lib/list/types";
import { defineMachine, type AskDef } from "~/modules/workflow/machine";

/** The states as safety_reforms.state stores them. */
export const REFORM_STATE = { draft: 0, submitted: 1, issued: 2, rectifying: 3, review: 4, recheck: 5, done: 6 } as const;
/** issued and not yet done: the notices whose items count as overdue once past their deadline */
export const REFORM_OPEN: readonly number[] = [REFORM_STATE.issued, REFORM_STATE.rectifying, REFORM_STATE.review, REFORM_STATE.recheck];
/** a draft is written freely; while rectifying, only the photos and the notes (reform.server.ts, lockedRules) */
export const REFORM_EDITABLE: readonly number[] = [REFORM_STATE.draft, REFORM_STATE.rectifying];

export const REFORM_STATES: OptionDef[] = [
  { value: String(REFORM_STATE.draft), label: { zh: "草稿", en: "Draft" }, tone: "muted" },
  { value: String(REFORM_STATE.submitted), label: { zh: "已提交", en: "Submitted" } },
  { value: String(REFORM_STATE.issued), label: { zh: "已下发", en: "Issued" }, tone: "warning" },
  { value: String(REFORM_STATE.rectifying), label: { zh: "整改中", en: "Rectifying" }, tone: "warning" },
  { value: String(REFORM_STATE.review), label: { zh: "待复核", en: "Awaiting review" } },
  { value: String(REFORM_STATE.recheck), label: { zh: "复查", en: "Rechecking" } },
  { value: String(REFORM_STATE.done), label: { zh: "已完成", en: "Done" }, tone: "success" },
];

export const REFORM_SOURCE = { check: "check", hazard: "hazard", manual: "manual" } as const;
export const REFORM_SOURCES: OptionDef[] = [
  { value: REFORM_SOURCE.check, label: { zh: "安全检查", en: "Safety inspection" } },
  { value: REFORM_SOURCE.hazard, label: { zh: "隐患排查", en: "Hazard" } },
  { value: REFORM_SOURCE.manual, label: { zh: "手工录入", en: "By hand" } },
];

/** An open notice with an item past its deadline (the list's flag, on the tenant's day). */
export const OVERDUE_FLAGS: OptionDef[] = [
  { value: "overdue", label: { zh: "已逾期", en: "Overdue" }, tone: "danger" },
  { value: "onTime", label: { zh: "未逾期", en: "On time" }, tone: "muted" },
];

export const REFORM_EDIT_CODE = "safetyReform:edit";
/** who issues a notice (or sends it back): the safety officer */
export const REFORM_ISSUE_CODE = "safetyReform:issue";
/** who reviews the rectification and rechecks the site */
export const REFORM_REVIEW_CODE = "safetyReform:review";

/** What the transitions read of a notice. */
export interface ReformStateRow {
  id: number;
  version: number;
  state: number;
  number: string;
}

const reason: AskDef = { key: "reason", label: "workflow:reason", required: true, maxLength: 200, requiredMessage: "workflow:reasonRequired" };
const S = REFORM_STATE;

/** 提交, 下发 (or 退回), 开始整改, 提交复核, 复核 (passed, or back to 整改中), 复查 (passed: done, or back to 整改中). */
export const reformStates = defineMachine<ReformStateRow>({
  kind: "safetyReform",
  stateOf: (r) => r.state,
  transitions: [
    { name: "submit", from: [S.draft], to: S.submitted, permission: REFORM_EDIT_CODE, label: "safety:reform.submit", confirm: "safety:reform.submitConfirm", notFrom: "safety:reform.notDraft", tone: "primary" },
    { name: "issue", from: [S.submitted], to: S.issued, permission: REFORM_ISSUE_CODE, label: "safety:reform.issue", confirm: "safety:reform.issueConfirm", notFrom: "safety:reform.notSubmitted", tone: "primary" },
    { name: "sendBack", from: [S.submitted], to: S.draft, permission: REFORM_ISSUE_CODE, label: "safety:reform.sendBack", confirm: "safety:reform.sendBackConfirm", notFrom: "safety:reform.notSubmitted", tone: "danger", asks: [reason] },
    { name: "start", from: [S.issued], to: S.rectifying, permission: REFORM_EDIT_CODE, label: "safety:reform.start", confirm: "safety:reform.startConfirm", notFrom: "safety:reform.notIssued", tone: "primary" },
    { name: "requestReview", from: [S.rectifying], to: S.review, permission: REFORM_EDIT_CODE, label: "safety:reform.requestReview", confirm: "safety:reform.requestReviewConfirm", notFrom: "safety:reform.notRectifying", tone: "primary" },
    { name: "reviewPass", from: [S.review], to: S.recheck, permission: REFORM_REVIEW_CODE, label: "safety:reform.reviewPass", confirm: "safety:reform.reviewPassConfirm", notFrom: "safety:reform.notReview", tone: "primary" },
    { name: "reviewFail", from: [S.review], to: S.rectifying, permission: REFORM_REVIEW_CODE, label: "safety:reform.reviewFail", confirm: "safety:reform.reviewFailConfirm", notFrom: "safety:reform.notReview", tone: "danger", asks: [reason] },
    { name: "recheckPass", from: [S.recheck], to: S.done, permission: REFORM_REVIEW_CODE, label: "safety:reform.recheckPass", confirm: "safety:reform.recheckPassConfirm", notFrom: "safety:reform.notRecheck", tone: "primary" },
    { name: "recheckFail", from: [S.recheck], to: S.rectifying, permission: REFORM_REVIEW_CODE, label: "safety:reform.recheckFail", confirm: "safety:reform.recheckFailConfirm", notFrom: "safety:reform.notRecheck", tone: "danger", asks: [reason] },
  ],
});

export const reformForm = defineFields([
  { key: "source", label: { zh: "整改来源", en: "Source" }, type: "select", options: REFORM_SOURCES, required: true, defaultValue: REFORM_SOURCE.manual },
  { key: "checkId", label: { zh: "来源检查单", en: "Inspection" }, type: "reference", required: true, when: { source: [REFORM_SOURCE.check] } },
  { key: "hazardId", label: { zh: "来源隐患", en: "Hazard" }, type: "reference", required: true, when: { source: [REFORM_SOURCE.hazard] } },
  { key: "site", label: { zh: "整改地点/项目", en: "Site or project" }, type: "text", required: true, maxLength: 100, wide: true },
  { key: "orgId", label: { zh: "整改单位", en: "Issued to" }, type: "reference", required: true },
  { key: "responsibleId", label: { zh: "整改责任人", en: "Person answerable" }, type: "reference", required: true },
  { key: "remark", label: { zh: "整改要求说明", en: "Notes" }, type: "textarea", maxLength: 200 },
  {
    key: "items",
    label: { zh: "整改项", en: "Items to rectify" },
    type: "lines",
    lines: {
      minRows: 1,
      maxRows: 50,
      addLabel: { zh: "添加整改项", en: "Add an item" },
      rowLabel: "requirement",
      // a block an item: its photos beside its words; the requirement and the notes two columns wide
      layout: "blocks",
      fields: [
        { key: "checkItem", label: { zh: "来源检查项", en: "From inspection item" }, type: "text", maxLength: 50, show: "text" },
        { key: "requirement", label: { zh: "整改要求", en: "Requirement" }, type: "text", required: true, maxLength: 200, width: "col-span-2" },
        { key: "deadline", label: { zh: "整改期限", en: "Deadline" }, type: "date", required: true },
        { key: "responsible", label: { zh: "责任人", en: "Person" }, type: "text", maxLength: 20 },
        { key: "beforePhotos", label: { zh: "整改前照片", en: "Before photos" }, type: "files", limit: 3 },
        { key: "afterPhotos", label: { zh: "整改后照片", en: "After photos" }, type: "files", limit: 3 },
        { key: "remark", label: { zh: "整改说明", en: "What was done" }, type: "text", maxLength: 200, width: "col-span-2" },
      ],
    },
  },
  { key: "attachments", label: { zh: "附件", en: "Attachments" }, type: "files", limit: 10 },
]);

export const reformView = defineView({
  name: "safetyReform",
  path: "/safetyReform",
  permission: "safetyReform",
  title: { zh: "安全整改", en: "Safety Rectification" },
  singular: { zh: "隐患整改通知单", en: "rectification notice" },
  rowLabel: "number",
  document: true,
  columns: [
    INDEX_COLUMN,
    { key: "number", label: { zh: "通知单号", en: "Notice no." }, sortable: true, fixed: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "status", options: REFORM_STATES, sortable: true },
    { key: "flag", label: { zh: "期限", en: "Deadline" }, type: "status", options: OVERDUE_FLAGS },
    { key: "source", label: { zh: "整改来源", en: "Source" }, type: "status", options: REFORM_SOURCES },
    { key: "sourceNumber", label: { zh: "来源单号", en: "Source no." } },
    { key: "site", label: { zh: "整改地点/项目", en: "Site or project" } },
    { key: "orgName", label: { zh: "整改单位", en: "Issued to" } },
    { key: "responsibleName", label: { zh: "整改责任人", en: "Person answerable" } },
    { key: "items", label: { zh: "整改项", en: "Items" }, type: "number" },
    { key: "deadline", label: { zh: "最早期限", en: "Earliest deadline" } },
    { key: "issuedOn", label: { zh: "下发日期", en: "Issued on" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [
    { key: "q", label: { zh: "单号/地点/整改要求", en: "No., site or requirement" }, type: "text", simple: true },
    { key: "state", label: { zh: "状态", en: "State" }, type: "select", options: REFORM_STATES, simple: true },
    { key: "source", label: { zh: "整改来源", en: "Source" }, type: "select", options: REFORM_SOURCES },
  ],
  form: reformForm,
});

/** What may not change while a notice is rectified: read, not typed (the server refuses any change all the same). */
const LOCKED_TYPES = new Set<FormFieldDef["type"]>(["text", "textarea", "date"]);
const read = (f: FormFieldDef): FormFieldDef => (LOCKED_TYPES.has(f.type) ? { ...f, show: "text" } : f);

/**
 * The notice as its page shows it while rectified: its site and notes, and its items fixed (none added, removed or
 * moved) with their requirement, deadline and person, read rather than typed; the photos and what was done stay open.
 */
export const reformRectifyingView: ResourceView = {
  ...reformView,
  form: reformForm.map((f): FormFieldDef => {
    if (f.type !== "lines" || !f.lines) return read(f);
    return { ...f, lines: { ...f.lines, fixed: true, fields: f.lines.fields.map((c) => (c.key === "remark" ? c : read(c))) } };
  }),
};
