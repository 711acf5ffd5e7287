import { defineView, INDEX_COLUMN } from "~/lib/list/types";
import { ENABLED_STOPPED } from "~/modules/workflow/enablement";

/** A score: 1 (very dissatisfied) to 5 (very satisfied). */
const SCORES = ["1", "2", "3", "4", "5"].map((n) => ({ value: n, label: { zh: n, en: n } }));

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
    {
      key: "answers",
      label: { zh: "评分（1–5）", en: "Score (1–5)" },
      type: "lines",
      // one row a question: the enabled ones on a new form, and any other an older form answered (newValues, editValues)
      lines: {
        fixed: true,
        rowLabel: "text",
        empty: { zh: "问卷模板还没有启用的问题，请先在“问卷模板”中添加", en: "The questionnaire has no enabled question yet: add one under “Questionnaire” first" },
        average: { field: "score", label: { zh: "本表平均分", en: "This form's average" } },
        fields: [
          { key: "questionId", label: { zh: "问题", en: "Question" }, type: "text", show: "hidden" },
          { key: "text", label: { zh: "问题", en: "Question" }, type: "text", show: "text" },
          { key: "score", label: { zh: "评分", en: "Score" }, type: "select", choice: "radios", options: SCORES, width: "w-64" },
        ],
      },
    },
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
