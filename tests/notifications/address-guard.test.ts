import { describe, expect, test } from "vitest";
import { refusedAddress } from "../../notifications/address-guard.ts";

describe("refusedAddress", () => {
  test.each([
    "http://127.0.0.1:8080/hook", "http://localhost/hook", "http://[::1]/hook", "http://10.1.2.3/", "http://172.20.0.5/", "http://192.168.0.10/",
    "http://169.254.169.254/latest/meta-data", "http://100.64.0.1/", "http://0.0.0.0/", "http://[fd00::1]/", "http://[fe80::1]/", "http://[::ffff:10.0.0.1]/",
  ])("refuses %s in production mode", async (url) => {
    expect(await refusedAddress(url, false)).toMatchObject({ host: new URL(url).hostname.replace(/^\[|\]$/g, "") });
  });

  test("the local setting lets loopback through, and nothing else private", async () => {
    expect(await refusedAddress("http://127.0.0.1:8080/hook", true)).toBeNull();
    expect(await refusedAddress("http://[::1]/hook", true)).toBeNull();
    expect(await refusedAddress("http://192.168.0.10/", true)).toEqual({ host: "192.168.0.10", address: "192.168.0.10" });
  });

  test.each(["https://93.184.216.34/hook", "https://[2606:2800:220:1:248:1893:25c8:1946]/hook", "http://172.32.0.1/"])("lets the public address %s through", async (url) => {
    expect(await refusedAddress(url, false)).toBeNull();
  });
});
