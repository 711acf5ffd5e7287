import { unique } from "../helpers";
import { terminalNo } from "../telematics";
import type { DomainFactories, Factory } from "../factories";

const factories: Record<string, Factory> = {
  vehicle: (t) => ({
    plate: unique("沪A"),
    terminalNo: terminalNo(),
    vin: "",
    terminalSecret: "",
    deviceIdent: "",
    osmandEnabled: "0",
    osmandKey: "",
    code: "",
    selfNo: "",
    orgId: String(t.rootOrgId),
    modelId: "",
    ownerId: "",
    vehicleType: "1",
    energyType: "diesel",
    sim1: "",
    sim2: "",
    manufactureDate: "",
    warrantyEnd: "",
    chassisType: "",
    engineModel: "",
    passPermit: "",
    terminalFactory: "",
    hardwareVersion: "",
    softwareVersion: "",
    videoChannels: "0",
    deviceType: "new",
    saleState: "0",
    assemblies: "",
  }),
  vehicleModel: () => ({ name: unique("车型"), energyType: "", length: "12.5", width: "", height: "", volume: "", fuelAlarm: "", idleCoefficient: "", announcementNo: "", announcementBatch: "", iconRunning: "mixer-running", iconStopped: "mixer-stopped", iconOffline: "mixer-offline" }),
  vehicleOwner: () => ({ name: unique("车主"), ownerType: "personal", idNumber: "", phone: "", authorizedUserId: "" }),
  driver: () => ({ name: unique("司机").slice(0, 20), phone: "", vehicleId: "" }),
  markerType: () => ({ name: unique("类型"), icon: "gas-station" }),
  markerPoint: () => ({ name: unique("标注"), typeId: "", lng: "121.35", lat: "31.3", address: "", contact1: "", phone1: "", contact2: "", phone2: "", remark: "" }),
};

export default { factories } satisfies DomainFactories;
