/**
 * The refusals of the themes and the coding of "other" answers
 * (scripts/sql/results-themes-sql.ts), each with a call that meets it on
 * medical-form: tests/integration/results-themes.test.ts sends them through
 * PostgREST, and the list of every refusal's case
 * (results-what-members-learn.test.ts) counts them as covered.
 */
import type { ResultsRefusal } from "../../src/core/results-refusals.ts";
import type { TEAM } from "./results-api.ts";

export const THEMES_REFUSAL_CASES: [ResultsRefusal, keyof typeof TEAM, string, object][] = [
  ["unknownText", "analyst", "results_themes", { field: "sonho_carreira" }],
  ["personalText", "analyst", "results_themes", { field: "outrasFormacoes" }],
  ["notOtherText", "analyst", "results_other_texts", { field: "sonhoCarreira" }],
  ["badCode", "analyst", "results_code_other", { field: "generoOutro", text_key: "queer", code: "  " }],
];
