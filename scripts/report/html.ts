/**
 * Step four: numbers + rendered charts → one self-contained HTML page (inline
 * CSS and SVG, no script, nothing fetched). Only formatting happens here.
 */
import { escapeHtml, formatters, type Formatters } from "./format.ts";
import { figure, table } from "./html-parts.ts";
import { questionSection, type QuestionFigure } from "./html-questions.ts";
import type { FunnelStep, ReportNumbers, SourceRow } from "./numbers.ts";
import { REPORT_CSS } from "./report-style.ts";

export interface ReportPage {
  surveyId: string;
  title: string;
  language: string;
  generatedAt: string;
  /** The filters as the header states them, e.g. ["desde 2026-11-01", "utm_source = instagram"]. */
  filters: string[];
  numbers: ReportNumbers;
  charts: { funnel: string | null; sources: string[]; perDay: string | null; questions: QuestionFigure[] };
}

function headline(numbers: ReportNumbers, f: Formatters): string {
  const stats: [string, string, string][] = [
    ["responses", "Respuestas", f.integer(numbers.responses)],
    ["visits", "Visitas", numbers.visits === null ? "—" : f.integer(numbers.visits)],
    ["completion", "Tasa de finalización", f.percent(numbers.completionRate)],
    ["median-time", "Mediana del tiempo para completar", f.duration(numbers.medianSecondsToComplete)],
    ["first", "Primera respuesta", f.dateTime(numbers.firstResponse)],
    ["last", "Última respuesta", f.dateTime(numbers.lastResponse)],
  ];
  return `<dl class="headline">\n${stats.map(([id, name, value]) => `<div id="stat-${id}"><dt>${name}</dt><dd>${escapeHtml(value)}</dd></div>`).join("\n")}\n</dl>`;
}

/** The campaign's window and limit; how full only for an unfiltered report, whose rows are all the stored ones. */
function campaign(page: ReportPage, f: Formatters): string {
  const c = page.numbers.campaign;
  if (!c) return "";
  const window = `Recibe respuestas ${c.opensAt ? `desde el ${f.dateTime(c.opensAt)}` : "desde su publicación"}, ${c.closesAt ? `hasta el ${f.dateTime(c.closesAt)}` : "sin fecha de cierre"}.`;
  const full = page.filters.length === 0 && c.maxResponses !== null ? `: ${f.integer(c.counted)} recibidas (${f.percent(c.counted / c.maxResponses)})` : "";
  const limit = c.maxResponses === null ? "Sin límite de respuestas." : `Límite: ${f.integer(c.maxResponses)} respuestas${full}.`;
  return `<p class="meta" id="campaign">${escapeHtml(`${window} ${limit}`)}</p>`;
}

function dropOff(page: ReportPage, f: Formatters): string {
  const { funnel, biggestDrop } = page.numbers;
  if (!funnel || !page.charts.funnel) return `<p>Esta encuesta no registra visitas, así que no hay datos de abandono.</p>`;
  const opened = funnel[0]!.visits;
  const stopped = biggestDrop?.lost === 1 ? "1 visita llegó a la pregunta" : `${f.integer(biggestDrop?.lost ?? 0)} visitas llegaron a la pregunta`;
  const drop = biggestDrop
    ? `<p class="drop" id="biggest-drop">Donde más se abandona: ${stopped} ${escapeHtml(biggestDrop.label)} y no ${biggestDrop.lost === 1 ? "siguió" : "siguieron"}.</p>`
    : "<p>Nadie abandonó a mitad de camino.</p>";
  const numbers = table<FunnelStep>([
    { header: "Paso", cell: (step) => step.label },
    { header: "Visitas", numeric: true, cell: (step) => f.integer(step.visits) },
    { header: "% de las que abrieron", numeric: true, cell: (step) => f.percent(opened === 0 ? null : step.visits / opened) },
  ], funnel);
  return `${drop}\n${figure(page.charts.funnel, `De ${f.integer(opened)} visitas que abrieron la encuesta, cuántas llegaron a cada pregunta y cuántas enviaron sus respuestas.`, numbers)}`;
}

function sources(page: ReportPage, f: Formatters): string {
  if (page.numbers.sources.length === 0) return "<p>Esta encuesta no declara campos ocultos.</p>";
  return page.numbers.sources.map(({ field, rows }, index) => {
    const numbers = table<SourceRow>([
      { header: field, cell: (row) => row.value || "(sin valor)" },
      { header: "Visitas", numeric: true, cell: (row) => f.integer(row.visits) },
      { header: "Respuestas", numeric: true, cell: (row) => f.integer(row.responses) },
      { header: "Tasa de finalización", numeric: true, cell: (row) => f.percent(row.completionRate) },
    ], rows);
    return `<h3 id="fuente-${escapeHtml(field)}">${escapeHtml(field)}</h3>\n${figure(page.charts.sources[index]!, `Respuestas por valor de ${field}; la tabla añade visitas y tasa de finalización.`, numbers)}`;
  }).join("\n");
}

function perDay(page: ReportPage, f: Formatters): string {
  if (!page.charts.perDay) return "<p>Todavía no hay respuestas.</p>";
  const numbers = table([
    { header: "Día (UTC)", cell: (day: { day: string }) => f.date(day.day) },
    { header: "Respuestas", numeric: true, cell: (day: { responses: number }) => f.integer(day.responses) },
  ], page.numbers.perDay);
  return figure(page.charts.perDay, "Respuestas recibidas cada día (UTC).", numbers);
}

export function reportHtml(page: ReportPage): string {
  const f = formatters(page.language);
  const filters = page.filters.length > 0 ? `Filtros: ${page.filters.join("; ")}.` : "Sin filtros: todas las respuestas y visitas.";
  const questions = page.charts.questions.map((entry, index) => questionSection(entry, index + 1, page.numbers.responses, f)).join("\n");
  return `<!doctype html>
<html lang="${escapeHtml(page.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Resultados · ${escapeHtml(page.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
<header>
<h1>Resultados: ${escapeHtml(page.title)}</h1>
<p class="meta">Encuesta <code>${escapeHtml(page.surveyId)}</code> · generado el ${escapeHtml(f.dateTime(page.generatedAt))}</p>
<p class="meta" id="filters">${escapeHtml(filters)}</p>
</header>
<section aria-labelledby="resumen"><h2 id="resumen">Resumen</h2>
${headline(page.numbers, f)}
${campaign(page, f)}
</section>
<section aria-labelledby="abandono"><h2 id="abandono">Abandono</h2>
${dropOff(page, f)}
</section>
<section aria-labelledby="fuentes"><h2 id="fuentes">Fuentes</h2>
${sources(page, f)}
</section>
<section aria-labelledby="por-dia"><h2 id="por-dia">Respuestas por día</h2>
${perDay(page, f)}
</section>
<section aria-labelledby="preguntas"><h2 id="preguntas">Preguntas</h2>
${questions}
</section>
</main>
</body>
</html>
`;
}
