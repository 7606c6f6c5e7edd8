import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgliteWithRoles } from "../../../scripts/data-api/pglite-snapshot.ts";
import { formatters } from "../../../src/report/format.ts";
import { reportZone } from "../../../src/report/time-zone.ts";

const closesAt = "2026-12-15T23:59:59-03:00";

describe("reportZone", () => {
  test.each([
    ["the survey's timeZone", { timeZone: "America/Sao_Paulo", closesAt }, "America/Sao_Paulo"],
    ["the offset the campaign times are written with", { closesAt }, "UTC-03:00"],
    ["UTC without either", {}, "UTC"],
    ["UTC for campaign times written in UTC", { opensAt: "2026-12-01T09:00:00Z" }, "UTC"],
  ])("%s", (_name, config, label) => {
    expect(reportZone(config).label).toBe(label);
  });

  test("a close written at -03:00 reads as written, not in UTC", () => {
    expect(formatters("pt-BR", "es", reportZone({ closesAt })).dateTime(closesAt)).toBe("15 de dez. de 2026, 23:59 UTC-03:00");
    expect(formatters("pt-BR", "es", reportZone({ timeZone: "America/Sao_Paulo" })).dateTime(closesAt)).toBe("15 de dez. de 2026, 23:59 America/Sao_Paulo");
  });

  // One database for the three (restored from the roles snapshot: a new PGlite runs initdb in WebAssembly, seconds of CPU).
  let db: PGlite;
  beforeAll(async () => (db = await pgliteWithRoles()), 60_000);
  afterAll(() => db?.close());

  test.each([
    [{ closesAt }, "2026-12-15 23:59"],
    [{ timeZone: "America/Sao_Paulo" }, "2026-12-15 23:59"],
    [{ closesAt: "2026-12-15T23:59:59+05:30" }, "2026-12-16 08:29"],
  ])("the database reads an instant in the same zone: %j", async (config, local) => {
    const [row] = (await db.query<{ local: string }>("select to_char(timestamptz '2026-12-16 02:59:59+00' at time zone $1, 'YYYY-MM-DD HH24:MI') as local", [reportZone(config).sql])).rows;
    expect(row!.local).toBe(local);
  });
});
