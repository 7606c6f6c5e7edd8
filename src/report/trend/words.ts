/** The change over time's words in each language of the report and the results site (src/report/sections/trend/, the site's trend view). */
import { wordsFor, type SectionLanguage } from "../words-for.ts";

const ptBR = {
  heading: "Evolução",
  question: "Pergunta",
  by: "Por",
  week: "semana",
  month: "mês",
  intro: "Este período (o mais recente com respostas) contra o anterior, contados no fuso da pesquisa.",
  compare: "{current} contra {previous}",
  weekOf: "semana de {day}",
  key: "Resposta",
  previous: "Anterior",
  current: "Atual",
  change: "Diferença",
  test: "Teste",
  share: "{share} ({count} de {base})",
  points: "{value} p.p.",
  significant: "significativa (p = {p})",
  notSignificant: "não significativa (p = {p})",
  smallBase: "sem teste: base menor que 30",
  hidden: "sem teste: contagem oculta",
  legend: "Teste z de duas proporções (bicaudal, 5 %) para cada resposta, cada uma testada por si, sem ajuste; não há teste quando um dos períodos tem menos de 30 pessoas.",
  periods: "Todos os períodos",
  empty: "Ninguém respondeu a esta pergunta com estes filtros.",
};

export type TrendWords = typeof ptBR;

const es: TrendWords = {
  heading: "Evolución",
  question: "Pregunta",
  by: "Por",
  week: "semana",
  month: "mes",
  intro: "Este período (el más reciente con respuestas) frente al anterior, contados en la zona horaria de la encuesta.",
  compare: "{current} frente a {previous}",
  weekOf: "semana del {day}",
  key: "Respuesta",
  previous: "Anterior",
  current: "Actual",
  change: "Diferencia",
  test: "Prueba",
  share: "{share} ({count} de {base})",
  points: "{value} p.p.",
  significant: "significativa (p = {p})",
  notSignificant: "no significativa (p = {p})",
  smallBase: "sin prueba: base menor que 30",
  hidden: "sin prueba: recuento oculto",
  legend: "Prueba z de dos proporciones (bilateral, 5 %) para cada respuesta, cada una por sí misma, sin ajuste; no hay prueba cuando uno de los períodos tiene menos de 30 personas.",
  periods: "Todos los períodos",
  empty: "Nadie respondió a esta pregunta con estos filtros.",
};

const en: TrendWords = {
  heading: "Change over time",
  question: "Question",
  by: "By",
  week: "week",
  month: "month",
  intro: "This period (the newest with responses) against the previous one, counted in the survey's time zone.",
  compare: "{current} against {previous}",
  weekOf: "week of {day}",
  key: "Answer",
  previous: "Previous",
  current: "Current",
  change: "Difference",
  test: "Test",
  share: "{share} ({count} of {base})",
  points: "{value} pts",
  significant: "significant (p = {p})",
  notSignificant: "not significant (p = {p})",
  smallBase: "no test: a base under 30",
  hidden: "no test: a hidden count",
  legend: "Two-proportion z-test (two-sided, 5 %) for each answer, each on its own, without adjustment; no test when either period has fewer than 30 people.",
  periods: "Every period",
  empty: "Nobody answered this question with these filters.",
};

export const TREND_WORDS: Record<SectionLanguage, TrendWords> = { "pt-BR": ptBR, es, en };

export const trendWordsFor = (language: string): TrendWords => wordsFor(TREND_WORDS, language);
