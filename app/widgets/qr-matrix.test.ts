import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrFileName, qrPath } from "./qr-matrix";

describe("QR code drawing", () => {
  it("draws each run of dark modules once", () => {
    expect(qrPath([[true, true, false, true], [false, false, false, false], [false, true, true, true]])).toBe("M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z");
    expect(qrPath([[false]])).toBe("");
  });
  it("covers exactly the dark modules of a real code", () => {
    const { data } = encode("LFV2A21K8G4000001", { border: 0 });
    const darkCount = data.flat().filter(Boolean).length;
    const drawn = [...qrPath(data).matchAll(/h(\d+)v1/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(drawn).toBe(darkCount);
  });
});

describe("QR download name", () => {
  it("is named after the value", () => {
    expect(qrFileName("LFV2A21K8G4000001", "png")).toBe("LFV2A21K8G4000001.png");
    expect(qrFileName("塔吊 一号", "svg")).toBe("塔吊_一号.svg");
  });
  it("drops characters a file system refuses", () => {
    expect(qrFileName("https://derrick.example/device?id=7", "png")).toBe("derrick.example_device_id=7.png");
    expect(qrFileName("///", "png")).toBe("qrcode.png");
  });
});
