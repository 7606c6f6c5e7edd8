/**
 * The database must read a condition exactly as the page does, or a CHECK
 * built from it would refuse rows the page sends (or let through rows it
 * would not). Every condition below is evaluated by PostgreSQL (PGlite) over
 * a few hundred rows and compared, row by row, with the page's visibilityOf
 * on the same answers.
 */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgliteWithRoles } from "../../scripts/data-api/pglite-snapshot.ts";
import type { Answers } from "../../src/core/answers.ts";
import { visibilityOf } from "../../src/core/visibility.ts";
import type { Condition } from "../../src/generated/survey-config.ts";
import { conditionSql } from "../../scripts/sql/condition-sql.ts";
import { sqlLiteral as sqlText } from "../../scripts/sql/sql-text.ts";
import { conditionalSurvey, TESTED } from "../support/conditional-survey.ts";

const chile: Condition = { question: "pais", equals: "Chile" };
const tiktok: Condition = { question: "redes", includes: "TikTok" };
const CONDITIONS: Condition[] = [
  { question: "pais", equals: "Brasil" },
  { question: "pais", equals: "Côte d'Ivoire" },
  { question: "pais", notEquals: "Brasil" },
  { question: "pais", oneOf: ["Chile", "Perú", "Côte d'Ivoire"] },
  { question: "especialidad", equals: "Pediatría" },
  { question: "especialidad", notEquals: "Pediatría" },
  { question: "redes", includes: "TikTok" },
  { question: "redes", excludes: "TikTok" },
  { question: "edad", equals: 30 },
  { question: "edad", notEquals: 30 },
  { question: "edad", lessThan: 18 },
  { question: "edad", atMost: 18 },
  { question: "edad", greaterThan: 18 },
  { question: "edad", atLeast: -1 },
  { question: "influencia", equals: 7 },
  { question: "influencia", notEquals: 7 },
  { question: "influencia", lessThan: 3 },
  { question: "influencia", atMost: 3 },
  { question: "influencia", greaterThan: 7 },
  { question: "influencia", atLeast: 7 },
  { question: "prioridades", topChoice: "podcasts" },
  { question: "prioridades", topChoice: "newsletter" },
  { not: { question: "prioridades", topChoice: "podcasts" } },
  { question: "intereses", row: "podcasts", equals: "alto" },
  { question: "intereses", row: "Vídeos", equals: "bajo" },
  { not: { question: "intereses", row: "podcasts", equals: "alto" } },
  { question: "intereses", row: "podcasts", is: "answered" },
  { question: "intereses", row: "Vídeos", is: "empty" },
  ...(["pais", "especialidad", "redes", "edad", "influencia", "nombre", "prioridades", "intereses"] as const).flatMap((question): Condition[] => [
    { question, is: "answered" },
    { question, is: "empty" },
  ]),
  { all: [chile, tiktok] },
  { any: [chile, tiktok] },
  { not: chile },
  { any: [{ all: [chile, { not: tiktok }] }, { question: "edad", atLeast: 18 }] },
];
/** Conditions on c0, a question with a condition of its own (CONDITIONS[0]): hidden, it reads as unanswered. */
const ON_CONDITIONAL: Condition[] = [
  { question: "c0", is: "answered" },
  { question: "c0", is: "empty" },
];
const config = conditionalSurvey([...CONDITIONS, ...ON_CONDITIONAL]);
const conditionIndex = TESTED.length;

const VALUES = {
  pais: ["", "Brasil", "Chile", "Perú", "Côte d'Ivoire", "Otro"],
  especialidad: ["", "Cardiología", "Pediatría"],
  redes: [[], ["TikTok"], ["Instagram", "YouTube"], ["YouTube", "TikTok"]],
  edad: ["", "17", "18", "30", " 30.0 ", "treinta", "-1.5", "1e3", "+18"],
  influencia: [[0], [3], [7], [10]],
  nombre: ["", "  ", "Ana"],
  prioridades: [[], ["podcasts", "videos", "newsletter"], ["newsletter", "podcasts", "videos"], ["videos", "newsletter", "podcasts"]],
  // Typed in some rows where Brazil then hides it: the database must read it as unanswered there.
  intereses: [{}, { podcasts: "alto" }, { podcasts: "bajo", "Vídeos": "bajo" }, { "Vídeos": "alto" }, { podcasts: "alto", "Vídeos": "bajo" }],
  // c0 typed and then hidden, in some rows: the database must still read it as unanswered.
  c0: ["", "typed"],
};

/** A fixed pseudo-random sample of answer sets (same rows on every run). */
function sampleAnswers(count: number): Answers[] {
  let seed = 7;
  const pick = <T>(values: readonly T[]) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return values[Math.floor(seed / 2 ** 16) % values.length]!;
  };
  return Array.from({ length: count }, () => Object.fromEntries(Object.entries(VALUES).map(([id, values]) => [id, pick(values as unknown[])])) as Answers);
}

const textOrNull = (value: unknown) => (typeof value === "string" && value !== "" ? sqlText(value) : "null");
const listLiteral = (values: string[]) => `array[${values.map(sqlText).join(", ")}]::text[]`;
/** A list or an object as the page stores it: null while empty. */
const rankingOrNull = (values: string[]) => (values.length ? listLiteral(values) : "null");
const matrixOrNull = (value: Record<string, string>) => (Object.keys(value).length ? `${sqlText(JSON.stringify(value))}::jsonb` : "null");

// Restored from the roles snapshot: a new PGlite would run initdb in WebAssembly (seconds of CPU).
let db: PGlite;
const rows = sampleAnswers(400);

beforeAll(async () => {
  db = await pgliteWithRoles();
  await db.exec("create table answers (n integer primary key, pais text, especialidad text, redes text[], edad text, influencia integer, nombre text, prioridades text[], intereses jsonb, c0 text)");
  const values = rows.map((answers, n) => {
    const { pais, especialidad, redes, edad, influencia, nombre, prioridades, intereses, c0 } = answers as Record<string, string> & { redes: string[]; influencia: number[]; prioridades: string[]; intereses: Record<string, string> };
    // Empty texts are stored as null by the page; blanks-only names are kept to test "empty".
    return `(${n}, ${textOrNull(pais)}, ${textOrNull(especialidad)}, ${listLiteral(redes)}, ${textOrNull(edad)}, ${influencia[0]}, ${textOrNull(nombre)}, ${rankingOrNull(prioridades)}, ${matrixOrNull(intereses)}, ${textOrNull(c0)})`;
  });
  await db.exec(`insert into answers values ${values.join(",\n")}`);
}, 120_000);

afterAll(() => db.close());

describe("conditionSql", () => {
  test("is what the page decides, for every test and combination, row by row", async () => {
    const all = [...CONDITIONS, ...ON_CONDITIONAL];
    const select = all.map((condition, index) => `${conditionSql(condition, config)} as v${index}`).join(",\n");
    const result = await db.query<Record<string, unknown>>(`select n, ${select} from answers order by n`);
    const mismatches: string[] = [];
    for (const row of result.rows) {
      const answers = rows[row.n as number]!;
      const page = visibilityOf(config, answers).slice(conditionIndex);
      all.forEach((condition, index) => {
        const database = row[`v${index}`];
        if (database !== page[index]) mismatches.push(`${JSON.stringify(condition)} on ${JSON.stringify(answers)}: page ${page[index]}, database ${database}`);
      });
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // The sample is worth something only if each condition is both true and false somewhere (a slider is never empty).
    const constant = all.filter((condition, index) => condition.question !== "influencia" || !condition.is ? new Set(result.rows.map((row) => row[`v${index}`])).size < 2 : false);
    expect(constant).toEqual([]);
  });

  test("reads a ranking's first place and one row of a matrix", () => {
    expect(conditionSql({ question: "prioridades", topChoice: "podcasts" }, config)).toBe("(coalesce((prioridades)[1] = 'podcasts', false))");
    // intereses is asked only outside Brazil: its condition is inlined.
    expect(conditionSql({ question: "intereses", row: "Vídeos", equals: "bajo" }, config)).toBe("((not coalesce(pais = 'Brasil', false)) and (coalesce((intereses ->> 'Vídeos') = 'bajo', false)))");
  });

  test("quotes text values as literals", () => {
    expect(conditionSql({ question: "pais", equals: "Côte d'Ivoire" }, config)).toBe("(coalesce(pais = 'Côte d''Ivoire', false))");
  });

  test("inlines the condition of a tested question that has one", () => {
    expect(conditionSql({ question: "c0", is: "empty" }, config)).toBe("((not (coalesce(pais = 'Brasil', false))) or (coalesce(c0 ~ '^\\s*$', true)))");
  });

  test("refuses a condition the validator would refuse", () => {
    expect(() => conditionSql({ question: "nadie", equals: "x" }, config)).toThrow('[sql] condition {"question":"nadie","equals":"x"} is not valid for survey "tiny"');
  });
});
