import { describe, expect, test } from "vitest";
import { ANON_KEY, SERVICE_ROLE_KEY } from "../../../scripts/data-api/keys.ts";
import { describeFilters, filtersFor, hostedSource, reportLanguageOf, reportOptions } from "../../../scripts/report/options.ts";
import { REPORT_PRESETS } from "../../../src/report/presets/index.ts";
import { fixtureSurvey } from "./fixture-survey.ts";

describe("report options", () => {
  test("reads the survey, filters and output folder from the command line's values", () => {
    const options = reportOptions({ survey: ["foreign-form"], since: "2026-11-01", where: ["utm_source=instagram"], out: "/tmp/r" });
    expect(options).toEqual({ surveyIds: ["foreign-form"], since: "2026-11-01", where: { utm_source: "instagram" }, outDir: "/tmp/r", crosstabs: [], trends: [] });
    expect(reportOptions({ crosstab: ["pais,genero", "~week,genero"] }).crosstabs).toEqual([["pais", "genero"], ["~week", "genero"]]);
    expect(describeFilters(filtersFor(fixtureSurvey, options), REPORT_PRESETS.es)).toEqual(["desde 2026-11-01", "utm_source = instagram"]);
    expect(describeFilters(filtersFor(fixtureSurvey, options), REPORT_PRESETS["pt-BR"])).toEqual(["a partir de 2026-11-01", "utm_source = instagram"]);
  });

  test.each([
    [{ since: "yesterday" }, '--since "yesterday" is not a date'],
    [{ where: ["instagram"] }, '--where "instagram" is not field=value'],
    [{ language: "fr" }, '--language "fr" has no report preset (allowed: "es", "pt-BR", "en", or one of them with a region, e.g. "es-AR")'],
    [{ language: "pt_BR" }, '--language "pt_BR" has no report preset'],
    [{ crosstab: ["pais"] }, '--crosstab "pais" is not rows,cols (e.g. --crosstab pais,genero)'],
    [{ crosstab: ["pais,genero,x"] }, '--crosstab "pais,genero,x" is not rows,cols'],
  ])("%j is refused with a clear message", (values, message) => {
    expect(() => reportOptions(values)).toThrow(message);
  });

  test("the report's language is --language, else the file's reportLanguage, else the survey's language", () => {
    expect(reportOptions({ language: "pt-BR" }).language).toBe("pt-BR");
    expect(reportOptions({ language: "es-AR" }).language).toBe("es-AR");
    expect(reportLanguageOf(fixtureSurvey, {})).toBe(fixtureSurvey.language);
    expect(reportLanguageOf({ ...fixtureSurvey, reportLanguage: "en" }, {})).toBe("en");
    expect(reportLanguageOf({ ...fixtureSurvey, reportLanguage: "en" }, { language: "pt-BR" })).toBe("pt-BR");
  });

  test("--where may only name a hidden field, which the visit events also carry", () => {
    expect(() => filtersFor(fixtureSurvey, reportOptions({ where: ["canal=Instagram"] }))).toThrow("--where canal: not a hidden field of tiny (allowed: utm_source)");
  });

  test("a hosted project is read with its service_role key and never with the anon key", () => {
    expect(hostedSource({})).toBeNull();
    expect(hostedSource({ SUPABASE_URL: "https://x.supabase.co/", SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY })).toEqual({ url: "https://x.supabase.co", serviceKey: SERVICE_ROLE_KEY });
    expect(() => hostedSource({ SUPABASE_URL: "https://x.supabase.co", SUPABASE_SERVICE_ROLE_KEY: ANON_KEY })).toThrow("never uses the anon key");
    expect(() => hostedSource({ SUPABASE_URL: "https://x.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "sb_publishable_abc" })).toThrow("never uses the anon key");
    expect(() => hostedSource({ SUPABASE_URL: "https://x.supabase.co" })).toThrow("SUPABASE_SERVICE_ROLE_KEY is not");
  });
});
