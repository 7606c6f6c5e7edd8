/** The per-question sections of the report, in the survey's order. */
import { escapeHtml, type Formatters } from "./format.ts";
import { figure, table, textList } from "./html-parts.ts";
import type { ChoiceNumbers, NumericNumbers, OptionCount, QuestionNumbers } from "./question-numbers.ts";

export interface QuestionFigure {
  question: QuestionNumbers;
  /** Its chart, absent for text questions. */
  svg: string | null;
}

function optionsBody(question: ChoiceNumbers, svg: string, f: Formatters): string {
  const shareHeader = question.kind === "multiple" ? "% de quienes respondieron (eligen varias)" : "% de quienes respondieron";
  const numbers = table<OptionCount>([
    { header: "Opción", cell: (option) => option.label },
    { header: "Respuestas", numeric: true, cell: (option) => f.integer(option.count) },
    { header: shareHeader, numeric: true, cell: (option) => f.percent(option.share) },
  ], question.options);
  const caption = `Respuestas por opción; porcentajes de las ${f.integer(question.n)} personas que respondieron esta pregunta.`;
  const others = question.others && question.others.newest.length > 0
    ? `<h4>${escapeHtml(question.othersLabel ?? "Otras respuestas")}</h4>\n${textList(question.others, f.dateTime)}`
    : "";
  return `${figure(svg, caption, numbers)}\n${others}`;
}

function numericBody(question: NumericNumbers, svg: string, f: Formatters): string {
  const { stats } = question;
  const rows: [string, number][] = stats
    ? [["Media", stats.mean], ["Mínimo", stats.min], ["Primer cuartil", stats.q1], ["Mediana", stats.median], ["Tercer cuartil", stats.q3], ["Máximo", stats.max]]
    : [];
  const summary = table<[string, number]>([
    { header: "Medida", cell: ([name]) => name },
    { header: "Valor", numeric: true, cell: ([, value]) => f.decimal(value) },
  ], rows);
  const histogram = table([
    { header: "Valor", cell: (bar: { value: number }) => f.decimal(bar.value) },
    { header: "Respuestas", numeric: true, cell: (bar: { count: number }) => f.integer(bar.count) },
  ], question.histogram);
  const notNumbers = question.notNumbers > 0 ? ` ${f.integer(question.notNumbers)} respuestas que no son un número quedan fuera.` : "";
  const caption = stats ? `Distribución de ${f.integer(question.n)} respuestas: mediana ${f.decimal(stats.median)}, media ${f.decimal(stats.mean)}, cuartiles ${f.decimal(stats.q1)} y ${f.decimal(stats.q3)}.${notNumbers}` : `Sin respuestas.${notNumbers}`;
  return `${summary.replace("<table>", '<table class="stats">')}\n${figure(svg, caption, histogram)}`;
}

export function questionSection({ question, svg }: QuestionFigure, position: number, responses: number, f: Formatters): string {
  const id = `pregunta-${escapeHtml(question.id)}`;
  const share = responses === 0 ? "" : ` (${f.percent(question.n / responses)} de las respuestas)`;
  let body: string;
  if (question.n === 0) body = "<p>Nadie respondió esta pregunta.</p>";
  else if (question.kind === "numeric") body = numericBody(question, svg!, f);
  else if (question.kind === "text") body = textList(question.texts, f.dateTime);
  else body = optionsBody(question, svg!, f);
  return `<section aria-labelledby="${id}" data-question="${escapeHtml(question.id)}">
<h3 id="${id}">${position}. ${escapeHtml(question.title)}</h3>
<p class="n">n = ${f.integer(question.n)} respondieron${share}</p>
${body}
</section>`;
}
