import type { Translation } from "../types";
import type zh from "../zh-CN/visits";

export default {
  notFound: "The chosen record does not exist or is not yours to see",
  tooLong: "At most {{value}} characters",
  customerOutOfScope: "The chosen customer does not exist or is outside your data scope",
  contactOfOther: "The contact must be one of the chosen customer's contacts",
  photos: { label: "Photos", hint: "JPG or PNG images, at most {{count}}", tooMany: "At most {{value}} photos" },
  survey: {
    questions: "Questionnaire",
    forms: "Satisfaction forms",
    figures: "Satisfaction figures",
    byCustomer: "By customer",
    byMonth: "By month (last 12 months)",
    customer: "Customer",
    month: "Month",
    average: "Average",
    count: "Forms",
    noFigures: "No survey answers yet",
    score: "Score (1–5)",
    scoreRequired: "Score every question (1–5)",
    noQuestions: "The questionnaire has no enabled question yet: add one under “Questionnaire” first",
    questionText: "Question",
    sort: "Order",
    enabled: "Enabled",
    duplicateQuestion: "This question already exists",
    questionUsed: "Forms have answered this question: it cannot be deleted, stop it instead",
    sortNumber: "The order is a whole number from 0 to 9999",
    unknownQuestion: "The question does not exist or is not enabled",
  },
} satisfies Translation<typeof zh>;
