/**
 * A question's id is its column's name. A new question's id is made from its
 * title (camelCase, ASCII, unique, never a reserved column), so nobody has to
 * invent one; until a migration creates its column it can still be renamed,
 * and the rename follows every reference (conditions, submit-time list,
 * recalled answers), so the survey reads the same after it.
 */
import { snakeCase, storedFields } from "../../core/fields.ts";
import { isReservedColumn } from "../../core/reserved-names.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { setAt, type JSONPath } from "./file-edits.ts";

/** Long enough to say what the question is, short enough for a column name and a report's header. */
const MAX_ID_LENGTH = 40;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "¿Tienes consultorio propio?" → "tienesConsultorioPropio"; words cut at MAX_ID_LENGTH; "pergunta" when the title has no letter. */
export function idBaseFromTitle(title: string): string {
  const words = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.toLowerCase())
    .filter(Boolean);
  while (words.length && /^\d/.test(words[0]!)) words.shift();
  let id = "";
  for (const word of words) {
    const next = id ? id + capitalised(word) : word;
    if (next.length > MAX_ID_LENGTH) break;
    id = next;
  }
  return id || "pergunta";
}

/** An id no field of the survey has and no reserved column would come from: base, base2, base3… */
export function freshId(config: SurveyConfig, base: string, except?: string): string {
  const taken = new Set(storedFields(config).map((field) => field.id).filter((id) => id !== except));
  const free = (id: string) => !taken.has(id) && !isReservedColumn(snakeCase(id));
  let id = base;
  for (let n = 2; !free(id); n++) id = `${base}${n}`;
  return id;
}

export const idFromTitle = (config: SurveyConfig, title: string) => freshId(config, idBaseFromTitle(title));

/** Every place in the file that names question `id`: its own id, condition tests, the submit-time list, the shuffled blocks' lists, recalled answers in texts. */
function referencesTo(node: unknown, id: string, path: JSONPath, inCondition: boolean, found: { path: JSONPath; value: unknown }[], renamed: string) {
  if (typeof node === "string") {
    const recalled = node.replaceAll(new RegExp(`\\{answer:${id}(?=[|}])`, "g"), `{answer:${renamed}`);
    if (recalled !== node) found.push({ path, value: recalled });
  } else if (Array.isArray(node)) {
    const list = (path.length === 1 && path[0] === "submitRequiredFields") || (path.length === 3 && path[0] === "questionBlocks" && path[2] === "questions");
    node.forEach((item, index) => {
      if (list && item === id) found.push({ path: [...path, index], value: renamed });
      else referencesTo(item, id, [...path, index], inCondition, found, renamed);
    });
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "question" && inCondition && value === id) found.push({ path: [...path, key], value: renamed });
      else referencesTo(value, id, [...path, key], inCondition || key === "showIf", found, renamed);
    }
  }
}

/** Question `index` renamed to `id`, with every reference to its old id; the text unchanged when the id is the same. */
export function renameQuestion(text: string, config: SurveyConfig, index: number, id: string): string {
  const old = config.questions[index]!.id;
  if (old === id) return text;
  const found: { path: JSONPath; value: unknown }[] = [{ path: ["questions", index, "id"], value: id }];
  referencesTo(config, old, [], false, found, id);
  return found.reduce((edited, { path, value }) => setAt(edited, path, value), text);
}
