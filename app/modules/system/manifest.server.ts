import { defineManifest } from "~/modules/resource/manifest";
import { applicationApprovalKind, applicationResource } from "./application.server";
import { dataPermissionApprovalKind, dataPermissionResource } from "./data-permission.server";
import { dictionaryResource } from "./dictionary.server";
import { auditLogResource, visitLogResource } from "./log.server";
import { menuOptions, menuResource } from "./menu.server";
import { organisationResource } from "./organisation.server";
import { roleResource } from "./role.server";
import { alarmSettingResource, buildCompanyResource, depositoryResource } from "./settings.server";
import { userOptions, userResource } from "./user.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
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
  },
  approvalKinds: [dataPermissionApprovalKind, applicationApprovalKind],
});
