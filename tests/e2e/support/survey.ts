/**
 * The survey files as the tests see them (read from surveys/*.json, with the
 * texts they leave out taken from their language's preset as the app does),
 * answer plans for a whole walk through a survey, and the database row such a
 * plan must produce. The expected row is worked out here, independently of the
 * app's own mapping (src/core/to-row.ts), from the spec's rules: snake_case
 * columns, texts trimmed and empty → null, an 'other' text only with its
 * option, lists in ticking order, the slider's number, age as text.
 */
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { join, resolve } from "node:path";
import { resolveSurvey, type MessageTexts, type ResolvedNotFound, type ResolvedThankYou } from "../../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../../src/generated/survey-config.ts";
import { REPO_ROOT } from "./paths.ts";
import { definitionVersion } from "../../../scripts/lib/definition-version.ts";

type Option = string | { value: string; label: string };

interface Companion {
  id: string;
  column?: string;
  placeholder?: string;
  label?: string;
}

interface QuestionBase {
  id: string;
  column?: string;
  title: string;
  subtitle?: string;
  required: boolean;
  placeholder?: string;
}

export type Question =
  | (QuestionBase & { type: "text" | "number" | "textarea" })
  | (QuestionBase & { type: "select"; options: Option[]; other?: Companion & { option: string } })
  | (QuestionBase & { type: "radio"; options: Option[]; other?: Companion & { option: string } })
  | (QuestionBase & { type: "checkbox"; options: Option[]; extraText?: Companion })
  | (QuestionBase & { type: "slider"; min: number; max: number; default: number; step?: number; valueLabels?: { from: number; to: number; label: string }[] })
  | (QuestionBase & { type: "ranking"; options: Option[]; top?: number; moveUpLabel: string; moveDownLabel: string; keepOrderLabel: string })
  | (QuestionBase & { type: "matrix"; rows: Option[]; columns: Option[] });

export interface Survey {
  id: string;
  route: string;
  table: string;
  professionalName: string;
  language: string;
  messages: MessageTexts;
  thankYou: ResolvedThankYou;
  notFound: ResolvedNotFound;
  hiddenFields?: string[];
  /** A survey with quotas: each quota's screen-out page. */
  screenOuts?: { id: string; thankYou: ResolvedThankYou }[];
  questions: Question[];
  /** The definition's version the build serves the survey with, which its rows carry. */
  version: string;
}

export type SurveyId = "medical-form" | "foreign-form" | (string & {});

/** A survey file, by its path from the repository root or an absolute one (e.g. a fixture survey), resolved as the app resolves it. */
export function loadSurveyFile(path: string): Survey {
  const config = JSON.parse(readFileSync(resolve(REPO_ROOT, path), "utf8")) as SurveyConfig;
  // With the version the build serves it with (scripts/lib/definition-version.ts), which its rows carry.
  return { ...resolveSurvey(config), version: definitionVersion(config) } as unknown as Survey;
}

/** A survey file of surveys/ (or of another folder, for the fixture surveys), resolved. */
export function loadSurvey(id: SurveyId, dir = "surveys"): Survey {
  return loadSurveyFile(join(dir, `${id}.json`));
}

export const SURVEYS: readonly Survey[] = [loadSurvey("medical-form"), loadSurvey("foreign-form")];

const fill = (text: string, survey: Survey) => text.replaceAll("{professionalName}", survey.professionalName);

/** The title as shown: placeholders filled in. */
export const titleOf = (survey: Survey, question: Question) => fill(question.title, survey);

export const optionValue = (option: Option) => (typeof option === "string" ? option : option.value);
export const optionLabel = (option: Option) => (typeof option === "string" ? option : option.label);

export function labelOfValue(question: Question & { options: Option[] }, value: string): string {
  const option = question.options.find((candidate) => optionValue(candidate) === value);
  if (!option) throw new Error(`[e2e] "${value}" is not an option of ${question.id}`);
  return optionLabel(option);
}

/** "{current} de {total}" as the progress line shows it. */
export const progressText = (survey: Survey, index: number) =>
  survey.messages.progress.replace("{current}", String(index + 1)).replace("{total}", String(survey.questions.length));

export const indexOfType = (survey: Survey, type: Question["type"], nth = 0) => {
  const indexes = survey.questions.flatMap((question, index) => (question.type === type ? [index] : []));
  const index = indexes[nth];
  if (index === undefined) throw new Error(`[e2e] ${survey.id} has no ${type} question #${nth}`);
  return index;
};

/** What the respondent does on one question. */
export type Answer =
  | { type: "text" | "number" | "textarea"; text: string }
  | { type: "select" | "radio"; option: string; other?: string }
  | { type: "checkbox"; options: string[]; extra?: string }
  | { type: "slider"; value: number }
  /** The ranked places, first to last (the options' stored values). */
  | { type: "ranking"; order: string[] }
  /** Each row's stored value → its column's stored value. */
  | { type: "matrix"; rows: Record<string, string> };

/**
 * "others": every 'other' option chosen with its text, every free-text box
 * filled, most optional texts filled (one with two lines).
 * "plain": ordinary options, no free texts, most optional texts left empty.
 */
export type PlanStyle = "others" | "plain";

export function makePlan(survey: Survey, name: string, style: PlanStyle, slider: (question: Extract<Question, { type: "slider" }>) => number): Answer[] {
  let textareas = 0;
  let checkboxes = 0;
  return survey.questions.map((question): Answer => {
    switch (question.type) {
      case "text":
        return { type: "text", text: question.id === "nomeCompleto" ? name : `${question.id} ${style}` };
      case "number":
        return { type: "number", text: style === "others" ? "34" : "41" };
      case "textarea": {
        const k = textareas++;
        const filled = style === "others" ? k % 4 !== 1 : k % 4 === 1;
        const text = !filled ? "" : k === 0 ? "Línea 1\nLínea 2" : `¡Sí! ${k}`;
        return { type: "textarea", text };
      }
      case "select":
      case "radio": {
        const values = question.options.map(optionValue);
        if (style === "others" && question.other) return { type: question.type, option: question.other.option, other: `Mi ${question.id}` };
        const option = style === "others" ? values[values.length - 1]! : values[Math.min(1, values.length - 1)]!;
        return { type: question.type, option };
      }
      case "checkbox": {
        const values = question.options.map(optionValue);
        const options = style === "others" ? [values[0]!, values[2]!] : [values[1]!];
        const k = checkboxes++;
        return { type: "checkbox", options, ...(style === "others" && question.extraText ? { extra: k === 0 ? "Threads" : `Otra respuesta ${k}` } : {}) };
      }
      case "slider":
        return { type: "slider", value: slider(question) };
      case "ranking": {
        // The third option first: a move (or drag) of more than one place.
        const [first, second, third, ...rest] = question.options.map(optionValue);
        return { type: "ranking", order: [third!, first!, second!, ...rest].slice(0, question.top ?? Infinity) };
      }
      case "matrix": {
        const columns = question.columns.map(optionValue);
        return { type: "matrix", rows: Object.fromEntries(question.rows.map((row, index) => [optionValue(row), columns[(index + (style === "others" ? 2 : 1)) % columns.length]!])) };
      }
    }
  });
}

/** nomeCompleto → nome_completo, entradaRMJ → entrada_rmj (the spec's naming). */
export function snakeCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

const columnOf = (field: { id: string; column?: string }) => field.column ?? snakeCase(field.id);

const textOrNull = (text: string | undefined) => {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? null : trimmed;
};

export type RowValue = string | number | string[] | Record<string, string> | null;

/** Every column of the survey's table (id and created_at aside) with its expected value: answers, hidden fields, visit id. */
export function expectedRow(survey: Survey, plan: readonly Answer[], hidden: Record<string, string> = {}): Record<string, RowValue> {
  const row: Record<string, RowValue> = {};
  survey.questions.forEach((question, index) => {
    const answer = plan[index];
    if (!answer || answer.type !== question.type) throw new Error(`[e2e] plan does not fit question ${question.id}`);
    const column = columnOf(question);
    switch (answer.type) {
      case "text":
      case "number":
      case "textarea":
        row[column] = textOrNull(answer.text);
        break;
      case "select":
      case "radio":
        row[column] = answer.option;
        if (question.type === "select" || question.type === "radio") {
          if (question.other) row[columnOf(question.other)] = answer.option === question.other.option ? textOrNull(answer.other) : null;
        }
        break;
      case "checkbox":
        row[column] = [...answer.options];
        if (question.type === "checkbox" && question.extraText) row[columnOf(question.extraText)] = textOrNull(answer.extra);
        break;
      case "slider":
        row[column] = answer.value;
        break;
      case "ranking":
        row[column] = [...answer.order];
        break;
      case "matrix":
        row[column] = { ...answer.rows };
        break;
    }
  });
  // Hidden fields as the address gave them (none: null); the visit id is random, so only its form is known.
  for (const field of survey.hiddenFields ?? []) row[field] = hidden[field] ?? null;
  row.visit_id = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) as unknown as string;
  // The version of the file the page was built from (expectRowToMatch checks the build's commit beside it).
  row.definition_version = survey.version;
  return row;
}

let counter = 0;

/** A full name no other test uses (accents included), short enough to type quickly: finds this test's row. */
export function uniqueName(tag: string): string {
  counter += 1;
  return `José ${tag} ${process.pid.toString(36)}${counter}`;
}
