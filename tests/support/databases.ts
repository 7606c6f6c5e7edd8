/**
 * Which databases the files that test the generated SQL on both engines run
 * on: `TEST_DATABASES` = `PostgreSQL` (the default), `PGlite`, or `both`.
 *
 * PostgreSQL 15 is what a Supabase project runs, so every run tests the SQL
 * there, races included. PGlite is the local data API's database (`npm
 * start`, `npm run dev`, the editor's preview): every browser spec runs on
 * it end to end, as do the data API's own files; the same SQL's tests cost
 * about 2.5 times as much in its WebAssembly (245 of the 348 CPU-seconds of
 * the 42 files that run both, 7 December). `npm run test:pglite` runs those
 * halves, for a change to the local data API or a PGlite upgrade
 * (docs/developers/tests.md).
 */
import type { DataApiBackend as Database } from "./data-api-on.ts";

const CHOICES: Record<string, readonly Database[]> = { PostgreSQL: ["PostgreSQL"], PGlite: ["PGlite"], both: ["PGlite", "PostgreSQL"] };

/** The databases this run tests (TEST_DATABASES); throws on a value it does not take. */
export function testedDatabases(): readonly Database[] {
  const value = process.env.TEST_DATABASES?.trim() || "PostgreSQL";
  // Spelled as a person types it: "pglite", "postgresql" and "BOTH" mean what they say.
  const key = Object.keys(CHOICES).find((choice) => choice.toLowerCase() === value.toLowerCase());
  if (!key) throw new Error(`TEST_DATABASES=${value}: expected ${Object.keys(CHOICES).join(", ")} (PostgreSQL when unset)`);
  return CHOICES[key]!;
}

const databaseOf = (entry: string | readonly [string, ...unknown[]]): Database => ((typeof entry === "string" ? entry : entry[0]).startsWith("PGlite") ? "PGlite" : "PostgreSQL");

/** The entries of `list` (a database's name, or a tuple led by it: "PostgreSQL 15" is PostgreSQL) whose database is tested in this run. */
export function onTestedDatabases<T extends string | readonly [string, ...unknown[]]>(list: readonly T[]): T[] {
  const tested = testedDatabases();
  return list.filter((entry) => tested.includes(databaseOf(entry)));
}
