// Which databases a run tests (databases.ts): PostgreSQL 15 unless told, PGlite or both when asked, a clear refusal otherwise.
import { afterEach, expect, test, vi } from "vitest";
import { onTestedDatabases } from "./databases.ts";

const LIST = [["PGlite", 1], ["PostgreSQL 15", 2]] as const;

afterEach(() => vi.unstubAllEnvs());

test("unset or empty: PostgreSQL only, whatever the entry's name after 'PostgreSQL'", () => {
  vi.stubEnv("TEST_DATABASES", "");
  expect(onTestedDatabases(LIST)).toEqual([["PostgreSQL 15", 2]]);
  expect(onTestedDatabases(["PGlite", "PostgreSQL"])).toEqual(["PostgreSQL"]);
});

test("PGlite, both, in any case", () => {
  vi.stubEnv("TEST_DATABASES", "pglite");
  expect(onTestedDatabases(LIST)).toEqual([["PGlite", 1]]);
  vi.stubEnv("TEST_DATABASES", "Both");
  expect(onTestedDatabases(LIST)).toEqual(LIST);
});

test("anything else stops the run with the values it takes", () => {
  vi.stubEnv("TEST_DATABASES", "sqlite");
  expect(() => onTestedDatabases(LIST)).toThrow("TEST_DATABASES=sqlite: expected PostgreSQL, PGlite, both (PostgreSQL when unset)");
});
