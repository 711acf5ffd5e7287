import type { RequestScope } from "~/modules/access/access.server";
import { billListResource } from "~/modules/billing/bills-list.server";
import { overtimeSettlementResource, settlementOptions, settlementRecordResource, settlementResource } from "~/modules/settlement/settlement.server";
import { organisationResource } from "~/modules/system/organisation.server";
import { applicationResource } from "~/modules/system/application.server";
import { dataPermissionResource } from "~/modules/system/data-permission.server";
import { auditLogResource, visitLogResource } from "~/modules/system/log.server";
import { menuOptions, menuResource } from "~/modules/system/menu.server";
import { dictionaryResource } from "~/modules/system/dictionary.server";
import { roleResource } from "~/modules/system/role.server";
import { alarmSettingResource, buildCompanyResource, depositoryResource } from "~/modules/system/settings.server";
import { userOptions, userResource } from "~/modules/system/user.server";
import { driverOptions, driverResource, ownerOptions, ownerResource, vehicleModelResource } from "~/modules/telematics/archive.server";
import { markerPointOptions, markerPointResource, markerTypeResource } from "~/modules/telematics/markers.server";
import { vehicleOptions, vehicleResource } from "~/modules/telematics/vehicles.server";
import { outcarOptions, outcarResource } from "~/modules/rent/outcar.server";
import { signPointOptions, signPointResource } from "~/modules/dispatch/sign-points.server";
import { contractOptions, contractResource } from "~/modules/contracts/contracts.server";
import { contractPlanResource } from "~/modules/contracts/plan.server";
import { customerResource } from "~/modules/parties/customer.server";
import { partyOptions } from "~/modules/parties/party.server";
import { supplierResource, supplierTowerResource } from "~/modules/parties/supplier.server";
import { visitOptions, visitResource } from "~/modules/visits/visit.server";
import { surveyFormResource, surveyOptions, surveyQuestionResource } from "~/modules/visits/survey.server";
import { costOptions, costResource } from "~/modules/contract-costs/cost.server";
import { subcontractResource } from "~/modules/contract-costs/subcontract.server";
import { leadOptions, leadResource } from "~/modules/leads/lead.server";
import { prizeOptions, prizeResource } from "~/modules/prizes/prize.server";
import { tempCraneOptions, tempCraneResource } from "~/modules/temp-crane/temp-crane.server";
import { invoiceOptions, invoiceResource } from "~/modules/finance/invoice.server";
import { receiptOptions, receiptResource } from "~/modules/finance/receipt.server";
import type { AnyResource } from "./resource.server";
import type { Option } from "./route.server";

export interface RegisteredResource {
  resource: AnyResource;
  options?: (scope: RequestScope) => Promise<Record<string, Option[]>>;
}

/** Every resource by name: the Excel routes find theirs here, and one test walks them all for tenant isolation. */
export const RESOURCES: Record<string, RegisteredResource> = {
  contractBill: { resource: billListResource },
  settlement: { resource: settlementResource, options: settlementOptions },
  overtimeSettlement: { resource: overtimeSettlementResource, options: settlementOptions },
  settlementRecord: { resource: settlementRecordResource },
  user: { resource: userResource, options: userOptions },
  role: { resource: roleResource },
  organisation: { resource: organisationResource },
  alarmSetting: { resource: alarmSettingResource },
  buildCompany: { resource: buildCompanyResource },
  depository: { resource: depositoryResource },
  application: { resource: applicationResource },
  dataPermission: { resource: dataPermissionResource },
  menu: { resource: menuResource, options: menuOptions },
  auditLog: { resource: auditLogResource },
  visitLog: { resource: visitLogResource },
  dictionary: { resource: dictionaryResource },
  vehicle: { resource: vehicleResource, options: vehicleOptions },
  vehicleModel: { resource: vehicleModelResource },
  vehicleOwner: { resource: ownerResource, options: ownerOptions },
  driver: { resource: driverResource, options: driverOptions },
  markerType: { resource: markerTypeResource },
  markerPoint: { resource: markerPointResource, options: markerPointOptions },
  outcarRecord: { resource: outcarResource, options: outcarOptions },
  signPoint: { resource: signPointResource, options: signPointOptions },
  customer: { resource: customerResource, options: partyOptions },
  supplier: { resource: supplierResource },
  supplierTower: { resource: supplierTowerResource },
  customerVisit: { resource: visitResource, options: visitOptions },
  satisfactionForm: { resource: surveyFormResource, options: surveyOptions },
  satisfactionQuestion: { resource: surveyQuestionResource },
  lead: { resource: leadResource, options: leadOptions },
  contract: { resource: contractResource, options: contractOptions },
  contractPlan: { resource: contractPlanResource },
  contractCost: { resource: costResource, options: costOptions },
  subcontract: { resource: subcontractResource },
  tempCrane: { resource: tempCraneResource, options: tempCraneOptions },
  prizeNomination: { resource: prizeResource, options: prizeOptions },
  invoice: { resource: invoiceResource, options: invoiceOptions },
  receipt: { resource: receiptResource, options: receiptOptions },
};
