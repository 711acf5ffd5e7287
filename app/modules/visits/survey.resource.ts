import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { ENABLED_STOPPED } from "~/modules/workflow/enablement";

/**
 * /customerresearch 客户调研: the customers' satisfaction forms, each a score 1–5 per question of the tenant's
 * questionnaire and a comment; the form's average (hundredths) is stored with it. Seen by whoever may see the customer.
 */
export const surveyFormView = defineView({
  name: "satisfactionForm",
  path: "/customerresearch",
  permission: "customerresearch",
  title: { zh: "客户调研", en: "Customer Research" },
  singular: { zh: "满意度调查表", en: "satisfaction form" },
  rowLabel: "respondent",
  columns: [
    INDEX_COLUMN,
    { key: "answeredOn", label: { zh: "调查日期", en: "Date" }, sortable: true, fixed: true },
    { key: "customerName", label: { zh: "客户", en: "Customer" }, fixed: true },
    { key: "respondent", label: { zh: "填写人", en: "Respondent" } },
    { key: "averageText", label: { zh: "平均分", en: "Average" } },
    { key: "comment", label: { zh: "意见建议", en: "Comment" } },
  ],
  filters: [
    { key: "from", label: { zh: "调查日期自", en: "Answered from" }, type: "date", simple: true },
    { key: "to", label: { zh: "调查日期至", en: "Answered until" }, type: "date", simple: true },
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", simple: true },
  ],
  form: [
    { key: "customerId", label: { zh: "客户", en: "Customer" }, type: "select", required: true },
    { key: "answeredOn", label: { zh: "调查日期", en: "Date" }, type: "date", required: true },
    { key: "respondent", label: { zh: "填写人", en: "Respondent" }, type: "text", required: true, maxLength: 30, hint: { zh: "客户方填写人姓名或职务", en: "The customer's person who answered (name or role)" } },
    { key: "comment", label: { zh: "意见建议", en: "Comment" }, type: "textarea", maxLength: 300 },
  ],
});

/** /customerresearch/questions 问卷模板: the tenant's questions, in order; a stopped one is no longer asked. */
export const surveyQuestionView = defineView({
  name: "satisfactionQuestion",
  path: "/customerresearch/questions",
  screen: "/customerresearch",
  permission: "customerresearch",
  title: { zh: "问卷模板", en: "Questionnaire" },
  singular: { zh: "调查问题", en: "question" },
  rowLabel: "text",
  columns: [
    INDEX_COLUMN,
    { key: "sort", label: { zh: "排序", en: "Order" }, type: "number", sortable: true, fixed: true },
    { key: "text", label: { zh: "问题", en: "Question" }, fixed: true },
    { key: "enabled", label: { zh: "状态", en: "State" }, type: "status", options: ENABLED_STOPPED },
  ],
  filters: [],
  form: [
    { key: "text", label: { zh: "问题", en: "Question" }, type: "text", required: true, maxLength: 50 },
    { key: "sort", label: { zh: "排序", en: "Order" }, type: "number", required: true, defaultValue: "10", hint: { zh: "数字小的排在前面", en: "Smaller numbers come first" } },
    { key: "enabled", label: { zh: "状态", en: "State" }, type: "select", required: true, options: ENABLED_STOPPED, defaultValue: "1" },
  ],
});
