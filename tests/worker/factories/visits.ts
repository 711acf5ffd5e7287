import { env } from "cloudflare:test";
import { insertCustomer, unique } from "../helpers";
import type { DomainFactories, Factory, Prepare } from "../factories";

/** The customer PREPARE made for each tenant's visit factory, and the visitor (the signed-in user). */
const visitCustomers = new Map<number, number>();
const visitors = new Map<number, number>();
/** The question PREPARE put in each tenant's questionnaire for the satisfaction form factory. */
const surveyQuestions = new Map<number, number>();

const factories: Record<string, Factory> = {
  // a visit to the customer PREPARE made, by the tenant's first user
  customerVisit: (t) => ({ visitedOn: "2026-11-20", customerId: String(visitCustomers.get(t.tenantId!)), contactId: "", purpose: "routine", visitorId: String(visitors.get(t.tenantId!)), content: unique("回访"), nextStep: "" }),
  // a form of the customer PREPARE made, scoring the one question PREPARE put in the questionnaire
  satisfactionForm: (t) => ({ customerId: String(visitCustomers.get(t.tenantId!)), answeredOn: "2026-11-20", respondent: unique("项目经理").slice(0, 30), comment: "", "answers[0].questionId": String(surveyQuestions.get(t.tenantId!)), "answers[0].score": "4" }),
  satisfactionQuestion: () => ({ text: unique("设备完好率"), sort: "10", enabled: "1" }),
};

const prepare: Record<string, Prepare> = {
  async satisfactionForm(t) {
    await prepare.customerVisit!(t);
    const row = await env.DB.prepare("insert into satisfaction_questions (tenant_id, text, sort, enabled) values (?, ?, 10, 1) returning id").bind(t.tenantId, unique("总体满意度")).first<{ id: number }>();
    surveyQuestions.set(t.tenantId, row!.id);
  },
  async customerVisit(t) {
    visitCustomers.set(t.tenantId, await insertCustomer(t.tenantId, unique("回访客户")));
    visitors.set(t.tenantId, t.userId);
  },
};

export default { factories, prepare } satisfies DomainFactories;
