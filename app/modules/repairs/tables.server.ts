/**
 * 设备维修's tables (migration 0051), apart from its rules so that the bill run reads a machine's downtime
 * (downtime.server.ts) without importing the screen's code, which prices bills again itself.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { vehicles } from "../../../db/schema";
import { day, documentStamps, money, ms } from "../../../db/schema/columns";
import { tenantColumn as tenant } from "../../../db/schema/tenant";

export const repairOrders = sqliteTable(
  "repair_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    number: text("number").notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id),
    abnormalityId: integer("abnormality_id"),
    /** REPAIR_KINDS: inhouse, outside */
    repairKind: text("repair_kind").notNull(),
    supplierId: integer("supplier_id"),
    fault: text("fault").notNull(),
    diagnosis: text("diagnosis"),
    /** the downtime as the form holds it (the tenant's day and time) … */
    downFromOn: day("down_from_on").notNull(),
    downFromTime: text("down_from_time").notNull(),
    downToOn: day("down_to_on"),
    downToTime: text("down_to_time"),
    /** … and as instants, which the bill run reads; no end while the machine is still down */
    downFrom: ms("down_from").notNull(),
    downTo: ms("down_to"),
    /** 1: the machine's own fault, its downtime takes rent off its contract's bill */
    deductRent: integer("deduct_rent").notNull().default(0),
    outsideCents: money("outside_cents"),
    /** labour, parts and outside costs */
    totalCents: money("total_cents").notNull().default(0),
    /** the total approved: an order under repair is not saved above it */
    approvedCents: money("approved_cents"),
    remark: text("remark"),
    attachments: text("attachments"),
    /** REPAIR_STATE */
    state: integer("state").notNull().default(0),
    ...documentStamps(),
  },
  (t) => [
    uniqueIndex("repair_orders_tenant_number_uq").on(t.tenantId, t.number),
    uniqueIndex("repair_orders_abnormality_uq").on(t.abnormalityId).where(sql`abnormality_id IS NOT NULL`),
    index("repair_orders_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("repair_orders_vehicle_down_idx").on(t.tenantId, t.vehicleId, t.downFrom, t.downTo, t.state),
  ]
);

export const repairLabour = sqliteTable(
  "repair_labour",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    repairId: integer("repair_id")
      .notNull()
      .references(() => repairOrders.id),
    position: integer("position").notNull(),
    worker: text("worker").notNull(),
    /** tenths of an hour */
    hours: integer("hours").notNull(),
    /** cents an hour */
    rate: money("rate").notNull(),
  },
  (t) => [index("repair_labour_repair_idx").on(t.tenantId, t.repairId, t.position)]
);

export const repairParts = sqliteTable(
  "repair_parts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenant(),
    repairId: integer("repair_id")
      .notNull()
      .references(() => repairOrders.id),
    position: integer("position").notNull(),
    partName: text("part_name").notNull(),
    spec: text("spec"),
    /** tenths */
    quantity: integer("quantity").notNull(),
    /** cents each */
    price: money("price").notNull(),
  },
  (t) => [index("repair_parts_repair_idx").on(t.tenantId, t.repairId, t.position)]
);
