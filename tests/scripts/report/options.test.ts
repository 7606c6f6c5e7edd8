import { describe, expect, test } from "vitest";
import { ANON_KEY, SERVICE_ROLE_KEY } from "../../../scripts/data-api/keys.ts";
import { describeFilters, filtersFor, hostedSource, parseReportArgs } from "../../../scripts/report/options.ts";
import { fixtureSurvey } from "./fixture-survey.ts";

describe("report options", () => {
  test("reads the survey, filters and output folder from the command line", () => {
    const options = parseReportArgs(["--survey", "foreign-form", "--since", "2026-11-01", "--where", "utm_source=instagram", "--out", "/tmp/r"]);
    expect(options).toEqual({ surveyIds: ["foreign-form"], since: "2026-11-01", where: { utm_source: "instagram" }, outDir: "/tmp/r" });
    expect(describeFilters(filtersFor(fixtureSurvey, options))).toEqual(["desde 2026-11-01", "utm_source = instagram"]);
  });

  test.each([
    [["--since", "yesterday"], '--since "yesterday" is not a date'],
    [["--where", "instagram"], '--where "instagram" is not field=value'],
    [["--survey"], "Usage: npm run report"],
  ])("%j is refused with a clear message", (args, message) => {
    expect(() => parseReportArgs(args)).toThrow(message);
  });

  test("--where may only name a hidden field, which the visit events also carry", () => {
    expect(() => filtersFor(fixtureSurvey, parseReportArgs(["--where", "canal=Instagram"]))).toThrow("--where canal: not a hidden field of tiny (allowed: utm_source)");
  });

  test("a hosted project is read with its service_role key and never with the anon key", () => {
    expect(hostedSource({})).toBeNull();
    expect(hostedSource({ SUPABASE_URL: "https://x.supabase.co/", SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY })).toEqual({ url: "https://x.supabase.co", serviceKey: SERVICE_ROLE_KEY });
    expect(() => hostedSource({ SUPABASE_URL: "https://x.supabase.co", SUPABASE_SERVICE_ROLE_KEY: ANON_KEY })).toThrow("never uses the anon key");
    expect(() => hostedSource({ SUPABASE_URL: "https://x.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "sb_publishable_abc" })).toThrow("never uses the anon key");
    expect(() => hostedSource({ SUPABASE_URL: "https://x.supabase.co" })).toThrow("SUPABASE_SERVICE_ROLE_KEY is not");
  });
});
