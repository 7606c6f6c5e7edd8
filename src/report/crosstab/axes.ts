/**
 * What a cross-tab may put in its rows or its columns, from the survey file
 * alone: each question whose type splits respondents (its tools'
 * report.crosstab: one value, each of several, an NPS band, a number's bins,
 * a matrix row), a choice question with an "other" text once more with the
 * team's codes of those texts in place of the option (the "coded" axis,
 * `<id>/coded`: the codes are the database's, team.coded_axis), each hidden
 * field, the language, the ending, the A/B arm, the definition's version
 * (src/core/definition-version.ts; its keys are the versions' hashes, as the
 * rows hold them), finished or not (surveys with partial
 * responses) and the week and month of the response. The database reads these descriptions (team.surveys.axes,
 * written by the survey's team migration; report.crosstab) so that a caller
 * names an axis by its id and never a column. Pure.
 */
import { columnOf, companionOf, DEFINITION_VERSION, ENDING, hiddenFields, LANGUAGE, optionLabel, optionValue, storedFields } from "../../core/fields.ts";
import { isPersonal } from "../../core/personal.ts";
import { PARTIAL_COLUMNS, usesPartialResponses } from "../../core/partial-response.ts";
import { readableText } from "../../core/readable-text.ts";
import { ARM_COLUMN, armIds, usesArms } from "../../core/arms.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { toolsOf } from "../../question-types/registry.ts";

/** How the database reads an axis's keys of a row (report.crosstab_keys). */
export type AxisSql =
  | { kind: "one" | "many" | "nps"; column: string }
  | { kind: "bins"; column: string; number: "typed" | "stored"; bins: number[] | null }
  | { kind: "matrix"; column: string; row: string }
  /**
   * A choice whose "other" text the team codes (results_code_other): the option `other` (null: an extra text beside a
   * multiple choice, added to its options) replaced by the current code of the row's folded `text`, when it has one.
   * `field` names the text in the coding log; the codes (folded text → code) are the database's: team.coded_axis adds them for the site, the report sets them from report.coded_others.
   */
  | { kind: "coded"; column: string; text: string; field: string; other: string | null; many: boolean; codes?: Record<string, string> }
  | { kind: "week" | "month"; column: "created_at" }
  /** Where a shuffled question's chosen option(s) stood in the list each respondent saw (`shown`: the shown-order column): keys "1", "2"… (src/report/positions/). */
  | { kind: "position"; column: string; shown: string; question: string; many: boolean };

export type CrosstabAxis = AxisSql & {
  id: string;
  /** What the axis is called, for a menu. */
  title: string;
  /** Its keys in the file's order with their labels, when the file lists them (options, bands); else the keys sort as they come (numbers by value: ratings and bins; weeks and months by date). */
  values: { key: string; label: string }[] | null;
  /** A personal question: never an axis for a member without the personal-data grant. */
  personal: boolean;
};

/** The A/B arm of a survey with arms (src/core/arms.ts): the columns of the report's comparison by arm. */
export const ARM_AXIS = "~arm";
/** The definition's version every response carries: the columns of the report's answers by version. */
export const VERSION_AXIS = "~version";

export const NPS_BANDS = ["promoter", "passive", "detractor"] as const;

type Question = SurveyConfig["questions"][number];

const labelled = (options: readonly (string | { value: string; label: string })[]) => options.map((option) => ({ key: optionValue(option), label: optionLabel(option) }));

function questionAxes(question: Question): CrosstabAxis[] {
  const kind = toolsOf(question).report.crosstab;
  const common = { id: question.id, title: readableText(question.title), personal: isPersonal(question) };
  const column = columnOf(question);
  if (kind === "one" || kind === "many") return [{ ...common, kind, column, values: "options" in question ? labelled(question.options) : null }];
  if (kind === "nps") return [{ ...common, kind, column, values: NPS_BANDS.map((band) => ({ key: band, label: band })) }];
  if (kind === "bins") {
    const declared = "crosstabBins" in question && question.crosstabBins ? question.crosstabBins : null;
    return [{ ...common, kind, column, number: toolsOf(question).report.sql.kind === "numeric" ? "typed" : "stored", bins: declared, values: null }];
  }
  if (kind === "matrix" && "rows" in question && "columns" in question) {
    const columns = labelled(question.columns);
    return question.rows.map((row) => ({ ...common, id: `${question.id}/${optionValue(row)}`, title: `${common.title}: ${optionLabel(row)}`, kind, column, row: optionValue(row), values: columns }));
  }
  return [];
}

/** A choice question with an "other" text: the same axis with the texts' codes in place of their option. */
function codedAxes(question: Question): CrosstabAxis[] {
  const kind = toolsOf(question).report.crosstab;
  const companion = companionOf(question);
  if ((kind !== "one" && kind !== "many") || !companion || !("options" in question)) return [];
  return [{
    id: `${question.id}/coded`, title: readableText(question.title), personal: isPersonal(question), values: labelled(question.options),
    kind: "coded", column: columnOf(question), text: columnOf(companion.field), field: companion.field.id, other: companion.revealedBy ?? null, many: kind === "many",
  }];
}

/** Every axis of the survey, in the file's order, then the response's own. */
export function crosstabAxes(config: SurveyConfig): CrosstabAxis[] {
  const stored = new Set(storedFields(config).map((field) => field.column));
  const own = (id: string, title: string, column: string, values: CrosstabAxis["values"]): CrosstabAxis => ({ id, title, kind: "one", column, values, personal: false });
  return [
    ...config.questions.flatMap((question) => [...questionAxes(question), ...codedAxes(question)]),
    ...hiddenFields(config).map((field) => own(`~hidden/${field.id}`, field.id, field.column, null)),
    ...(stored.has(LANGUAGE.column) ? [own("~language", "language", LANGUAGE.column, (config.languages ?? []).map((language) => ({ key: language, label: language })))] : []),
    ...(stored.has(ENDING.column) ? [own("~ending", "ending", ENDING.column, (config.endings ?? []).map((ending) => ({ key: ending.id, label: ending.id })))] : []),
    ...(usesArms(config) ? [own(ARM_AXIS, "arm", ARM_COLUMN, armIds(config).map((arm) => ({ key: arm, label: arm })))] : []),
    own(VERSION_AXIS, "version", DEFINITION_VERSION.column, null),
    ...(usesPartialResponses(config) ? [own("~finished", "finished", PARTIAL_COLUMNS.finished, [{ key: "true", label: "true" }, { key: "false", label: "false" }])] : []),
    { id: "~week", title: "week", kind: "week", column: "created_at", values: null, personal: false },
    { id: "~month", title: "month", kind: "month", column: "created_at", values: null, personal: false },
  ];
}

/** What the database keeps of each axis: how to read it and whether it is personal, by id. */
export const axesRow = (config: SurveyConfig): Record<string, AxisSql & { personal: boolean }> =>
  Object.fromEntries(crosstabAxes(config).map(({ id, title: _title, values: _values, ...sql }) => [id, sql]));
