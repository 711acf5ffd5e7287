// The demo tenant's customer care: about forty visits over the last three months by the demo users (collection calls
// before the settlement day, after-sales after a breakdown, negotiations on the next site), the questionnaire of
// 客户调研 and about twenty-five satisfaction forms over the last twelve months. Runs after the parties part; a tenant
// without customers gets nothing.
import { and, asc, count, eq } from "drizzle-orm";
import { customerContacts, customers, customerVisits, satisfactionAnswers, satisfactionForms, satisfactionQuestions, tenants, users } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { averageHundredths, DEFAULT_QUESTIONS } from "../../../app/modules/visits/satisfaction";
import type { RentalSeedPart } from "./index";

type Purpose = "routine" | "collection" | "negotiation" | "afterSales" | "survey" | "complaint";
const NOTES: Record<Purpose, [content: string, next: string | null][]> = {
  routine: [
    ["走访项目部，塔吊运行正常，项目经理对操作手出勤满意", "下月初再访，了解二期进场计划"],
    ["现场查看两台汽车吊使用情况，提醒做好支腿垫板", null],
    ["例行回访，客户反映夜间施工需要加班台班", "报价加班台班单价"],
  ],
  collection: [
    ["对账确认上月台班费与进退场费，客户财务确认无误", "20号前跟进付款进度"],
    ["催收上季度租金，客户承诺本月底付清", "月底核对到账"],
    ["与材料员核对出车登记与签字单，差2条补签", "补齐签字单后开票"],
  ],
  negotiation: [
    ["洽谈新地块项目的塔吊租赁，客户需要QTZ125两台", "三天内报方案和月租价"],
    ["商谈续租三个月，客户希望月租下调5%", "请示经理后回复"],
  ],
  afterSales: [
    ["50吨汽车吊液压油管渗漏，维修工当天到场更换", "一周后回访使用情况"],
    ["塔吊顶升加节后验收，附墙螺栓复紧", null],
  ],
  survey: [["请客户填写满意度调查表，总体评价良好，对进场速度有意见", "内部通报进场调度问题"]],
  complaint: [["客户投诉操作手迟到两次，已约谈操作手并调整班次", "下周回访确认整改"]],
};
const PURPOSES = Object.keys(NOTES) as Purpose[];
const COMMENTS = ["设备状况好，操作手配合积极", "进场略有延迟，希望改进", "对账清楚，结算及时", null, "故障响应很快，点赞", "总体满意，价格略高"];

/** A small deterministic generator, so every seeded demo shows the same history. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

export const seedVisits: RentalSeedPart = async (db, { tenantId, adminId }) => {
  const [[had], [hadForms], list, people, [tenant]] = await Promise.all([
    db.select({ n: count() }).from(customerVisits).where(eq(customerVisits.tenantId, tenantId)),
    db.select({ n: count() }).from(satisfactionQuestions).where(eq(satisfactionQuestions.tenantId, tenantId)),
    db.select({ id: customers.id }).from(customers).where(eq(customers.tenantId, tenantId)).orderBy(asc(customers.id)),
    db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.state, 1))).orderBy(asc(users.id)),
    db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)),
  ]);
  if (!list.length || (had!.n > 0 && hadForms!.n > 0)) return null;
  const today = todayInZone(tenant?.timeZone);
  const rnd = lcg(tenantId * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const visitors = people.length ? people.map((p) => p.id) : [adminId];
  const said: string[] = [];

  if (had!.n === 0) {
    const contacts = await db.select({ id: customerContacts.id, customerId: customerContacts.customerId }).from(customerContacts).where(eq(customerContacts.tenantId, tenantId));
    const rows = Array.from({ length: 40 }, (_, i) => {
      const customerId = pick(list).id;
      const purpose = i % 5 === 0 ? "collection" : pick(PURPOSES);
      const [content, nextStep] = pick(NOTES[purpose]);
      const theirs = contacts.filter((c) => c.customerId === customerId);
      return { tenantId, customerId, contactId: theirs.length && rnd() < 0.85 ? pick(theirs).id : null, visitedOn: addDays(today, -Math.floor(rnd() * 90)), purpose, content, nextStep, visitorId: pick(visitors), creatorId: adminId };
    });
    // 12 values a row: 7 rows keep a statement under D1's 100 bound parameters
    for (let i = 0; i < rows.length; i += 7) await db.insert(customerVisits).values(rows.slice(i, i + 7));
    said.push(`${rows.length} customer visits`);
  }

  if (hadForms!.n === 0) {
    const questions = await db
      .insert(satisfactionQuestions)
      .values(DEFAULT_QUESTIONS.map((text, i) => ({ tenantId, text, sort: (i + 1) * 10, enabled: 1 })))
      .returning({ id: satisfactionQuestions.id });
    for (let i = 0; i < 25; i++) {
      // most customers are content (4–5), a few are not; the scores drift up over the year
      const scores = questions.map(() => Math.min(5, Math.max(1, Math.round(3.4 + rnd() * 1.8 + i / 40))));
      const [form] = await db
        .insert(satisfactionForms)
        .values({ tenantId, customerId: pick(list).id, answeredOn: addDays(today, -Math.floor(((25 - i) / 25) * 350 + rnd() * 10)), respondent: pick(["项目经理", "设备主管", "材料员", "商务经理"]), average: averageHundredths(scores)!, comment: pick(COMMENTS), creatorId: adminId })
        .returning({ id: satisfactionForms.id });
      await db.insert(satisfactionAnswers).values(questions.map((q, j) => ({ tenantId, formId: form!.id, questionId: q.id, score: scores[j]! })));
    }
    said.push(`${questions.length} satisfaction questions, 25 satisfaction forms`);
  }
  return said.length ? `seeded customer care: ${said.join(", ")}` : null;
};
