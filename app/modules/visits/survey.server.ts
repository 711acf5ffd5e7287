/**
 * 客户调研 on the server: the questionnaire (satisfaction_questions), the satisfaction forms with their scores
 * (`answers[i].questionId` / `answers[i].score`, parsed by Conform), the form's average stored exactly on save, and the
 * figures beside the list: the average per customer and per month, within the user's data scope (the customer's).
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { customers, satisfactionAnswers, satisfactionForms, satisfactionQuestions } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import { addMonths, parseDay } from "~/lib/calendar";
import { todayInZone } from "~/lib/tenant-clock";
import type { RequestScope } from "~/modules/access/access.server";
import { defineResource, type FieldErrors, withLimit } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { averageHundredths, divideHalfUp, formatHundredths } from "./satisfaction";
import { surveyFormView, surveyQuestionView } from "./survey.resource";
import { ofVisibleCustomer, text, visibleCustomers } from "./visit.server";
import { day, line, note } from "~/lib/form-fields";

/** One answer line as posted: the question and its score 1–5 (a line without a score is refused on that line). */
const AnswerLine = z.object({ questionId: z.string().default(""), score: z.string().default("") }).optional();

export const SurveyFormSchema = z.object({
  customerId: line().regex(/^\d{1,9}$/, "validation.required").transform(Number),
  answeredOn: day(),
  respondent: text(30, true),
  comment: text(300, false, note),
  answers: z
    .array(AnswerLine)
    .default([])
    .superRefine((lines, ctx) => {
      lines.forEach((l, i) => {
        if (!/^[1-5]$/.test(l?.score.trim() ?? "")) ctx.addIssue({ code: "custom", path: [i, "score"], message: "visits:survey.scoreRequired" });
        if (!/^\d{1,9}$/.test(l?.questionId.trim() ?? "")) ctx.addIssue({ code: "custom", path: [i, "questionId"], message: "visits:survey.unknownQuestion" });
      });
    })
    .transform((lines) => lines.map((l) => ({ questionId: Number(l!.questionId), score: Number(l!.score) }))),
});
type SurveyValues = z.infer<typeof SurveyFormSchema>;

/** The tenant's questions in order (all of them: the form shows the enabled ones and any an older form answered). */
export function surveyQuestions(scope: RequestScope) {
  return scope.db.select({ id: satisfactionQuestions.id, text: satisfactionQuestions.text, enabled: satisfactionQuestions.enabled }).from(satisfactionQuestions).where(ofTenant(satisfactionQuestions, scope)).orderBy(asc(satisfactionQuestions.sort), asc(satisfactionQuestions.id));
}

/**
 * The customer must be one the user may see; the answers must score every enabled question once, and nothing else
 * but the questions the form already answered (a question stopped since keeps its score on an edit).
 */
async function checkSurvey(scope: RequestScope, v: SurveyValues, current?: { id: number }): Promise<FieldErrors> {
  const [customer, questions, answered] = await Promise.all([
    scope.db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, v.customerId), ofTenant(customers, scope), ofVisibleCustomer(scope, customers.id))),
    surveyQuestions(scope),
    current ? scope.db.select({ questionId: satisfactionAnswers.questionId }).from(satisfactionAnswers).where(and(eq(satisfactionAnswers.formId, current.id), ofTenant(satisfactionAnswers, scope))) : Promise.resolve([]),
  ]);
  const errors: FieldErrors = {};
  if (!customer.length) errors.customerId = "visits:customerOutOfScope";
  const enabled = questions.filter((q) => q.enabled === 1).map((q) => q.id);
  if (!enabled.length) return { ...errors, answers: "visits:survey.noQuestions" };
  const allowed = new Set([...enabled, ...answered.map((a) => a.questionId)]);
  const given = v.answers.map((a) => a.questionId);
  v.answers.forEach((a, i) => {
    if (!allowed.has(a.questionId) || given.indexOf(a.questionId) !== i) errors[`answers[${i}].questionId`] = "visits:survey.unknownQuestion";
  });
  if (enabled.some((q) => !given.includes(q))) errors.answers = "visits:survey.scoreRequired";
  return errors;
}

/** The form's answer rows: each enabled question, and each other one already answered, in the questionnaire's order. */
function answerRows(questions: { id: number; text: string; enabled: number }[], answers: { questionId: number; score: number }[]) {
  const scoreOf = (id: number) => answers.find((a) => a.questionId === id)?.score;
  return questions.filter((q) => q.enabled === 1 || scoreOf(q.id) !== undefined).map((q) => ({ questionId: String(q.id), text: q.text, score: scoreOf(q.id) === undefined ? "" : String(scoreOf(q.id)) }));
}

const rowOf = ({ answers, ...v }: SurveyValues) => ({ ...v, average: averageHundredths(answers.map((a) => a.score)) ?? 0 });

export const surveyFormResource = defineResource({
  view: surveyFormView,
  table: satisfactionForms,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db
      .select({
        id: satisfactionForms.id,
        version: satisfactionForms.version,
        answeredOn: satisfactionForms.answeredOn,
        customerId: satisfactionForms.customerId,
        customerName: sql<string | null>`(select ${customers.name} from ${customers} where ${customers.id} = ${satisfactionForms.customerId})`.as("customer_name"),
        respondent: satisfactionForms.respondent,
        average: satisfactionForms.average,
        comment: satisfactionForms.comment,
      })
      .from(satisfactionForms)
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return withLimit(q, limit);
  },
  mapRows: (rows) => rows.map((r) => ({ ...r, averageText: formatHundredths(r.average) })),
  filters: {
    from: (v) => (parseDay(v) ? sql`${satisfactionForms.answeredOn} >= ${v}` : undefined),
    to: (v) => (parseDay(v) ? sql`${satisfactionForms.answeredOn} <= ${v}` : undefined),
    customerId: (v) => (/^\d{1,9}$/.test(v) ? eq(satisfactionForms.customerId, Number(v)) : undefined),
  },
  sortColumns: { answeredOn: satisfactionForms.answeredOn },
  defaultOrder: [desc(satisfactionForms.answeredOn), desc(satisfactionForms.id)],
  createSchema: SurveyFormSchema,
  updateSchema: SurveyFormSchema,
  check: (scope, values, current) => checkSurvey(scope, values, current),
  toInsert: (values, scope) => ({ ...rowOf(values), creatorId: scope.user.id }),
  toUpdate: (values) => rowOf(values),
  // the scores are replaced with the form, in the same batch; `id` is SQL on a create
  sideWrites: (scope, { id, values }) => ({
    writes: [
      scope.db.delete(satisfactionAnswers).where(and(eq(satisfactionAnswers.formId, id as number), ofTenant(satisfactionAnswers, scope))),
      ...(values.answers.length ? [scope.db.insert(satisfactionAnswers).values(values.answers.map((a) => withTenant(scope, { formId: id as number, questionId: a.questionId, score: a.score })))] : []),
    ],
  }),
  // the enabled questions and any other the form already answered, a row each with its score
  async editValues(scope, row) {
    const [questions, answers] = await Promise.all([
      surveyQuestions(scope),
      scope.db.select({ questionId: satisfactionAnswers.questionId, score: satisfactionAnswers.score }).from(satisfactionAnswers).where(and(eq(satisfactionAnswers.formId, row.id), ofTenant(satisfactionAnswers, scope))),
    ]);
    return { answers: answerRows(questions, answers), averageText: formatHundredths(row.average) };
  },
  newValues: async (scope) => ({ answers: answerRows(await surveyQuestions(scope), []) }),
  auditView: (row) => row,
  scopeWhere: (scope) => ofVisibleCustomer(scope, satisfactionForms.customerId),
});

const QuestionSchema = z.object({
  text: text(50, true).refine((v) => v !== null, "validation.required"),
  sort: line().regex(/^\d{1,4}$/, "visits:survey.sortNumber").transform(Number),
  enabled: z.enum(["0", "1"], { message: "validation.required" }).transform(Number),
});

export const surveyQuestionResource = defineResource({
  view: surveyQuestionView,
  table: satisfactionQuestions,
  selectRows: (db, where, orderBy, limit, offset) => {
    const q = db.select({ id: satisfactionQuestions.id, text: satisfactionQuestions.text, sort: satisfactionQuestions.sort, enabled: satisfactionQuestions.enabled }).from(satisfactionQuestions).where(where).orderBy(...orderBy).offset(offset);
    return withLimit(q, limit);
  },
  filters: {},
  sortColumns: { sort: satisfactionQuestions.sort },
  defaultOrder: [asc(satisfactionQuestions.sort), asc(satisfactionQuestions.id)],
  createSchema: QuestionSchema,
  updateSchema: QuestionSchema,
  unique: [{ field: "text", column: satisfactionQuestions.text, message: "visits:survey.duplicateQuestion" }],
  toInsert: (values) => ({ ...values, text: values.text! }),
  toUpdate: (values) => ({ ...values, text: values.text! }),
  // a question some form answered keeps its scores: stop it instead
  async beforeDelete(scope, ids) {
    const [used] = await scope.db.select({ n: count() }).from(satisfactionAnswers).where(and(ofTenant(satisfactionAnswers, scope), inArray(satisfactionAnswers.questionId, ids)));
    return used!.n > 0 ? { refuse: "visits:survey.questionUsed" } : { dependents: [] };
  },
  auditView: (row) => row,
});

/** The form's choices: the customers the user may see. */
export async function surveyOptions(scope: RequestScope): Promise<Record<string, Option[]>> {
  return { customerId: await visibleCustomers(scope) };
}

export interface SurveyFigure {
  key: string;
  label: string;
  forms: number;
  /** the mean of the forms' averages, hundredths, the half rounded up */
  average: number;
}

/** The average per customer (all time) and per month (the last 12, this one included), of the forms the user may see. */
export async function surveyFigures(scope: RequestScope): Promise<{ byCustomer: SurveyFigure[]; byMonth: SurveyFigure[] }> {
  const thisMonth = todayInZone(scope.user.timeZone).slice(0, 7);
  const first = addMonths(`${thisMonth}-01`, -11);
  const seen = and(ofTenant(satisfactionForms, scope), ofVisibleCustomer(scope, satisfactionForms.customerId));
  const month = sql<string>`substr(${satisfactionForms.answeredOn}, 1, 7)`;
  const [perCustomer, perMonth] = await Promise.all([
    scope.db
      .select({ id: satisfactionForms.customerId, name: customers.name, forms: count(), sum: sql<number>`sum(${satisfactionForms.average})` })
      .from(satisfactionForms)
      .innerJoin(customers, eq(customers.id, satisfactionForms.customerId))
      .where(seen)
      .groupBy(satisfactionForms.customerId, customers.name)
      .orderBy(asc(customers.name)),
    scope.db
      .select({ month, forms: count(), sum: sql<number>`sum(${satisfactionForms.average})` })
      .from(satisfactionForms)
      .where(and(seen, sql`${satisfactionForms.answeredOn} >= ${first}`))
      .groupBy(month)
      .orderBy(month),
  ]);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i).slice(0, 7));
  return {
    byCustomer: perCustomer.map((r) => ({ key: String(r.id), label: r.name, forms: r.forms, average: divideHalfUp(r.sum, r.forms) })),
    byMonth: months.flatMap((m) => perMonth.filter((r) => r.month === m).map((r) => ({ key: m, label: m, forms: r.forms, average: divideHalfUp(r.sum, r.forms) }))),
  };
}

/** The list's customer filter. */
export async function surveyFilterOptions(scope: RequestScope) {
  const list = await visibleCustomers(scope);
  return { customerId: list.map((o) => ({ value: o.value, label: { zh: o.label, en: o.label } })) };
}
