import { defineView, INDEX_COLUMN, type OptionDef } from "~/lib/list/types";

/** 回访目的: why the visit was made (the trade's words). */
export const VISIT_PURPOSES = [
  { value: "routine", label: { zh: "日常回访", en: "Routine visit" } },
  { value: "collection", label: { zh: "催收回款", en: "Payment collection" } },
  { value: "negotiation", label: { zh: "商务洽谈", en: "Negotiation" } },
  { value: "afterSales", label: { zh: "售后服务", en: "After-sales service" } },
  { value: "survey", label: { zh: "满意度调查", en: "Satisfaction survey" } },
  { value: "complaint", label: { zh: "投诉处理", en: "Complaint" } },
] as const satisfies readonly OptionDef[];

/** A visit's photos: images, at most 4 (spec §9's image limit). */
export const VISIT_PHOTO_LIMIT = 4;

/**
 * /customerVisit 客户回访: a visit to a customer (date, customer, contact, purpose, what was said, the next step,
 * photos, who went). A visit is seen by whoever may see its customer (the customer's organisation).
 */
export const visitView = defineView({
  name: "customerVisit",
  path: "/customerVisit",
  permission: "customerVisit",
  title: { zh: "客户回访", en: "Customer Follow-Up Visits" },
  singular: { zh: "回访记录", en: "visit" },
  rowLabel: "content",
  columns: [
    INDEX_COLUMN,
    { key: "visitedOn", label: { zh: "回访日期", en: "Visit date" }, sortable: true, fixed: true },
    { key: "customerName", label: { zh: "客户", en: "Customer" }, fixed: true },
    { key: "contactName", label: { zh: "联系人", en: "Contact" } },
    { key: "purpose", label: { zh: "回访目的", en: "Purpose" }, type: "status", options: [...VISIT_PURPOSES] },
    { key: "content", label: { zh: "回访内容", en: "What was discussed" } },
    { key: "nextStep", label: { zh: "下一步计划", en: "Next step" } },
    { key: "photos", label: { zh: "照片", en: "Photos" }, type: "images" },
    { key: "visitorName", label: { zh: "回访人", en: "Visited by" } },
  ],
  filters: [
    { key: "q", label: { zh: "回访内容/下一步计划", en: "Discussed or next step" }, type: "text", simple: true },
    { key: "from", label: { zh: "回访日期自", en: "Visited from" }, type: "date", simple: true },
    { key: "to", label: { zh: "回访日期至", en: "Visited until" }, type: "date", simple: true },
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", simple: true },
    { key: "purpose", label: { zh: "回访目的", en: "Purpose" }, type: "select", options: [...VISIT_PURPOSES] },
    { key: "visitorId", label: { zh: "回访人", en: "Visited by" }, type: "select" },
  ],
  form: [
    { key: "visitedOn", label: { zh: "回访日期", en: "Visit date" }, type: "date", required: true },
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", required: true },
    { key: "contactId", label: { zh: "联系人", en: "Contact" }, type: "select", hint: { zh: "所选客户的联系人", en: "One of the chosen customer's contacts" } },
    { key: "purpose", label: { zh: "回访目的", en: "Purpose" }, type: "select", required: true, options: [...VISIT_PURPOSES] },
    { key: "visitorId", label: { zh: "回访人", en: "Visited by" }, type: "select", required: true },
    { key: "content", label: { zh: "回访内容", en: "What was discussed" }, type: "textarea", required: true, maxLength: 500 },
    { key: "nextStep", label: { zh: "下一步计划", en: "Next step" }, type: "textarea", maxLength: 200 },
  ],
});
