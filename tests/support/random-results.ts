/**
 * Random results for the differential test of the report's numbers: a
 * survey with every question type, a condition, endings, a hidden field,
 * three languages and a campaign; 400
 * responses with nulls, blank and 'other' texts, free texts in two languages, a value no longer offered,
 * typed non-numbers and answers left empty by conditions; 600 visits, some
 * without a response, reaching random depths. Seeded: the same every run.
 */
import { reportSql } from "../../scripts/sql/report-sql.ts";
import { talliesSql } from "../../scripts/sql/tallies-sql.ts";
import { themesSql } from "../../scripts/sql/themes-sql.ts";
import { visitEventsSql } from "../../scripts/sql/visit-events.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { SqlBackend } from "./sql-backends.ts";
import { tinySurvey } from "./tiny-survey.ts";

export const RANDOM_SURVEY: SurveyConfig = {
  ...tinySurvey({
    id: "rnd",
    table: "rnd",
    questions: [
      { id: "nombre", type: "text", title: "¿Nombre?", emoji: "🙂", required: false },
      { id: "edad", type: "number", title: "¿Edad?", emoji: "🎂", required: false },
      { id: "sueno", type: "textarea", title: "¿Tu sueño?", emoji: "💭", required: false },
      { id: "pais", type: "select", title: "¿País?", emoji: "🌎", required: false, options: ["Argentina", "Bolivia", "Chile"] },
      { id: "canal", type: "radio", title: "¿Cómo nos conociste?", emoji: "📣", required: false, options: ["Instagram", { value: "WA", label: "WhatsApp" }, "Otro"], other: { option: "Otro", id: "canalOtro", placeholder: "¿Cuál?" } },
      { id: "redes", type: "checkbox", title: "¿Qué redes usas?", emoji: "📱", required: false, options: ["TikTok", "YouTube", "X"], extraText: { id: "redesOtras", placeholder: "Otras redes" } },
      { id: "interes", type: "slider", title: "¿Cuánto te interesa?", emoji: "📊", required: false, min: 0, max: 10, default: 5, minLabel: "Nada", maxLabel: "Mucho" },
      { id: "utilidad", type: "rating", title: "¿Qué tan útil?", emoji: "⭐", required: false, points: 5 },
      { id: "recomienda", type: "nps", title: "¿Nos recomendarías?", emoji: "📣", required: false, minLabel: "Nada", maxLabel: "Mucho", showIf: { question: "interes", atLeast: 3 } },
      { id: "fecha", type: "date", title: "¿Cuándo?", emoji: "📅", required: false },
      { id: "correo", type: "email", title: "¿Correo?", emoji: "📧", required: false },
      { id: "telefono", type: "phone", title: "¿WhatsApp?", emoji: "📞", required: false, defaultCountry: "BR" },
      { id: "orden", type: "ranking", title: "Ordena", emoji: "🏆", required: false, top: 2, options: ["Revalida", "Idioma", "Empleo"] },
      { id: "matriz", type: "matrix", title: "¿Cuánto te interesa cada tema?", emoji: "📊", required: false, rows: ["Clases", { value: "Mentoria", label: "Mentoría" }], columns: ["Nada", "Algo", "Mucho"] },
    ],
  }),
  endings: [{ id: "fan", showIf: { question: "recomienda", atLeast: 9 } }, { id: "otro" }],
  hiddenFields: ["utm_source"],
  languages: ["es", "pt-BR", "en"],
  opensAt: "2026-11-04T00:00:00Z",
  maxResponses: 1000,
};

export const RANDOM_TABLE_SQL = `create table public.rnd (
  id uuid primary key, created_at timestamptz not null, nombre text, edad text, sueno text, pais text, canal text, canal_otro text,
  redes text[], redes_otras text, interes integer, utilidad integer, recomienda integer, fecha date, correo text, telefono text,
  orden text[], matriz jsonb, utm_source text, visit_id text, ending text, language text, definition_version text
);`;

/**
 * Everything the report needs for the random survey, in order: its table, the visit events, the report's functions, the themes' and, with `tallies`, its
 * tallies' triggers, made for `survey` (the random survey, or a variant of it with the same table).
 */
export const randomReportSql = ({ tallies, survey = RANDOM_SURVEY }: { tallies: boolean; survey?: SurveyConfig }): string[] => [
  RANDOM_TABLE_SQL,
  visitEventsSql([survey.id]),
  reportSql().join("\n\n"),
  themesSql().join("\n\n"),
  ...(tallies ? [talliesSql(survey).join("\n\n")] : []),
];

const pick = (values: (string | null)[]) => `(array[${values.map((value) => (value === null ? "null" : `'${value}'`)).join(", ")}]::text[])[1 + floor(random() * ${values.length})::int]`;
const at = (i: string) => `timestamptz '2026-11-01 00:00:00+00' + ${i} * interval '37 min 13.123457 s'`;
const source = pick(["instagram", "facebook", "", null]);

/**
 * `statements`: the responses inserted in that many statements (every n-th
 * row in each), and the visit events too, latest steps first (submitted,
 * then reached, then opened): the earliest event of a visit arrives last.
 */
export async function randomResults(db: SqlBackend, seed: number, statements = 1): Promise<void> {
  await db.query(`select setseed(${(seed % 1000) / 1000})`);
  await randomResponses(db, statements);
  await randomVisits(db, statements);
}

export async function randomResponses(db: SqlBackend, statements = 1): Promise<void> {
  for (let part = 0; part < statements; part++) await db.query(`insert into public.rnd
select md5('r' || g.i)::uuid, ${at("g.i")},
  ${pick(["Ana", "Bruno", "  ", null, "Carla Díaz", "\t", "=1+1"])},
  ${pick(["30", " 41 ", "4,5", "treinta", "", "  ", null, "1e2", "-3.5", "30", ".5"])},
  ${pick(["Ser cirujana", null, "", "Abrir mi consultorio", "Quiero ser cardiólogo en Brasil", "pasar el revalida y ser cirujano 🙏", "Revalidar mi título y abrir mi consultório", "SER CIRUJANA PEDIATRICA"])},
  ${pick(["Argentina", "Chile", "Chile", null, "Retirada"])},
  ${pick(["Instagram", "WA", "Otro", null, "Retirada"])},
  ${pick(["Un amigo", null, " ", "Radio"])},
  case floor(random() * 4) when 0 then null when 1 then '{}' else array(select o from unnest(array['TikTok', 'YouTube', 'X', 'Vieja']) o where random() < 0.5) end,
  ${pick(["Threads", null, "", "Mastodon"])},
  case when random() < 0.2 then null else floor(random() * 11)::int end,
  case when random() < 0.2 then null else 1 + floor(random() * 5)::int end,
  case when random() < 0.3 then null else floor(random() * 11)::int end,
  case when random() < 0.2 then null else date '2026-01-01' + floor(random() * 400)::int end,
  ${pick(["ana@ejemplo.com", null, "bruno@ejemplo.com"])},
  ${pick(["+5511987654321", null])},
  case floor(random() * 3) when 0 then null else array(select o from unnest(array['Revalida', 'Idioma', 'Empleo', 'Vieja']) o where g.i is not null order by random() limit 2) end,
  case floor(random() * 3) when 0 then null else jsonb_build_object('Clases', ${pick(["Nada", "Algo", "Mucho"])}, 'Mentoria', ${pick(["Nada", "Algo", "Mucho"])}) end,
  ${source},
  case when g.i % 3 = 0 then null else md5('v' || g.i)::uuid::text end,
  ${pick(["fan", "otro", "otro", null])},
  ${pick(["es", "pt-BR", "pt-BR", "en", "fr", null])}
from generate_series(1, 400) g(i) where g.i % ${statements} = ${part}`);
}

export async function randomVisits(db: SqlBackend, statements = 1): Promise<void> {
  const ids = RANDOM_SURVEY.questions.map((question) => `'${question.id}'`).join(", ");
  const steps = statements === 1 ? [null] : ["submitted", "reached", "opened"];
  for (const step of steps) await db.query(`with v as (
  select md5('v' || g.i)::uuid as visit_id,
    case when g.i <= 400 then ${at("g.i")} - (1 + g.i % 17) * interval '1 min' - interval '0.000321 s' else ${at("(g.i - 400)")} + interval '5 min' end as started,
    coalesce(jsonb_build_object('utm_source', ${source}), '{}') as hidden, floor(random() * 9)::int as depth, random() < 0.3 as submitted
  from generate_series(1, 600) g(i)
)
insert into public.visit_events (visit_id, survey_id, step, question_id, hidden, created_at)
select visit_id, 'rnd', 'opened', null, hidden, started from v
union all select visit_id, 'rnd', 'reached', q.id, hidden, started + q.n * interval '1 s' from v, unnest(array[${ids}]) with ordinality q(id, n) where q.n <= depth
union all select visit_id, 'rnd', 'submitted', null, hidden, started + interval '1 min' from v where submitted`.replace(/(insert into [^\n]*\n)([\s\S]*)$/, (_all, insert: string, selects: string) =>
    step === null ? insert + selects : `${insert}select * from (${selects}) e(visit_id, survey_id, step, question_id, hidden, created_at) where step = '${step}'`));
}
