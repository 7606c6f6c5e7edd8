/**
 * Checks on the stored fields of one schema-valid survey: every question,
 * companion and hidden-field id is unique (and none is the visit id); every column (after the snake_case default) is
 * unique, a valid database name and not one of the columns every table has
 * (id, created_at, the honeypot, the visit id); the submit-time list names real fields.
 */
import { answerFields, companionOf, hiddenFields, VISIT_ID, type StoredField } from "../../src/core/fields.ts";
import { RESERVED_COLUMNS } from "../../src/core/reserved-names.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { sqlNameProblem } from "./sql-names.ts";
import { didYouMean } from "../../src/core/checks/suggest.ts";


/** Where the column name comes from: the field's own "column" key, else the id it is derived from. */
function columnPointer(field: StoredField): string {
  if (!field.question) return field.pointer;
  const companion = companionOf(field.question);
  const definition = companion && field.pointer.endsWith(`/${companion.key}`) ? companion.field : field.question;
  return definition.column === undefined ? `${field.pointer}/id` : `${field.pointer}/column`;
}

export function fieldErrors(config: SurveyConfig): Located[] {
  const errors: Located[] = [];
  const idOwners = new Map<string, string>([[VISIT_ID.id, "the visit id (reserved)"]]);
  const columnOwners = new Map<string, string>();
  for (const field of [...answerFields(config), ...hiddenFields(config)]) {
    const idPointer = field.question ? `${field.pointer}/id` : field.pointer;
    const idOwner = idOwners.get(field.id);
    if (idOwner) {
      errors.push({ pointer: idPointer, message: `id "${field.id}" is already used at ${idOwner}; ids must be unique in a survey` });
      continue;
    }
    idOwners.set(field.id, idPointer);
    const pointer = columnPointer(field);
    const source = pointer.endsWith("/id") ? ` (from id "${field.id}")` : "";
    const problem = sqlNameProblem(field.column);
    const columnOwner = columnOwners.get(field.column);
    if ((RESERVED_COLUMNS as readonly string[]).includes(field.column)) {
      errors.push({ pointer, message: `column "${field.column}"${source} is reserved for every table (reserved: ${RESERVED_COLUMNS.join(", ")}); set "column" to another name` });
    } else if (problem) {
      errors.push({ pointer, message: `column ${problem}${source ? `; it comes from id "${field.id}", set "column" to override` : ""}` });
    } else if (columnOwner) {
      errors.push({ pointer, message: `column "${field.column}"${source} is already used at ${columnOwner}; set "column" to a different name` });
    }
    columnOwners.set(field.column, pointer);
  }
  (config.submitRequiredFields ?? []).forEach((id, index) => {
    const allowed = answerFields(config).map((field) => field.id);
    if (allowed.includes(id)) return;
    errors.push({ pointer: `/submitRequiredFields/${index}`, message: `"${id}" is not the id of a question or companion field (allowed: ${allowed.join(", ")}${didYouMean(id, allowed)})` });
  });
  return errors;
}
