// The results site's filters in the address: what a teammate opens is the view that was shared.
import { expect, test } from "vitest";
import { filtersFromQuery, rpcFilters, withFilters } from "../../src/results/filters.ts";

const HIDDEN = ["utm_source", "utm_campaign"];

test("every filter goes into the address and comes back the same, other parameters kept", () => {
  const filters = { from: "2026-11-01", until: "2026-11-30", language: "es", ending: "interested", hidden: { utm_source: "instagram" }, answer: { question: "genero", value: "Femenino" }, flagged: "exclude" as const };
  const search = withFilters("survey=foreign-form&view=responses&utm_campaign=old&q.pais=Brasil", filters, HIDDEN);
  expect(new URLSearchParams(search).get("survey")).toBe("foreign-form");
  expect(new URLSearchParams(search).get("view")).toBe("responses");
  expect(search).not.toContain("utm_campaign");
  expect(search).not.toContain("q.pais");
  expect(filtersFromQuery(`?${search}`, HIDDEN)).toEqual(filters);
});

test("the functions get only the filters that are set; a parameter that is not a hidden field is no filter", () => {
  const filters = filtersFromQuery("?utm_source=ig&lang=es&nome_completo=Ana", HIDDEN);
  expect(rpcFilters(filters)).toEqual({ hidden: { utm_source: "ig" } });
  expect(rpcFilters(filtersFromQuery("", HIDDEN))).toEqual({});
});

test("finished or unfinished (partial responses) goes into the address and to the functions as a boolean; any other value is no filter", () => {
  for (const finished of [true, false]) {
    const search = withFilters("survey=partial-form&finished=true", { hidden: {}, finished }, HIDDEN);
    expect(new URLSearchParams(search).getAll("finished")).toEqual([String(finished)]);
    expect(rpcFilters(filtersFromQuery(`?${search}`, HIDDEN))).toEqual({ finished });
  }
  expect(new URLSearchParams(withFilters("finished=false", { hidden: {} }, HIDDEN)).has("finished")).toBe(false);
  expect(rpcFilters(filtersFromQuery("?finished=yes", HIDDEN))).toEqual({});
});

test("flagged responses are left out only by flagged=exclude; clearing the filters brings them back", () => {
  expect(rpcFilters(filtersFromQuery("?flagged=exclude", HIDDEN))).toEqual({ flagged: "exclude" });
  expect(rpcFilters(filtersFromQuery("?flagged=yes", HIDDEN))).toEqual({});
  expect(withFilters("survey=x&flagged=exclude", { hidden: {} }, HIDDEN)).toBe("survey=x");
});

test("a version of the definition travels in the address and to the database; clearing the filters drops it", () => {
  const search = withFilters("survey=x&view=numbers", { hidden: {}, version: "0123456789abcdef" }, HIDDEN);
  expect(search).toBe("survey=x&view=numbers&version=0123456789abcdef");
  expect(rpcFilters(filtersFromQuery(`?${search}`, HIDDEN))).toEqual({ version: "0123456789abcdef" });
  expect(withFilters(search, { hidden: {} }, HIDDEN)).toBe("survey=x&view=numbers");
});
