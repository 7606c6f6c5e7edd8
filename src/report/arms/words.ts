/** The comparison by A/B arm's words in each language of the report and the results site (src/report/sections/arms/, the site's arms view). */
import { wordsFor, type SectionLanguage } from "../words-for.ts";

const ptBR = {
  heading: "Por variante",
  question: "Pergunta",
  intro: "Cada resposta em cada variante (A/B) e a diferença de cada variante para a primeira, {control}, com o intervalo de confiança de 95 %.",
  key: "Resposta",
  arm: "Variante {arm}",
  difference: "{arm} − {control}",
  share: "{share} ({count} de {base})",
  interval: "{value} p.p. (IC 95 %: {low} a {high})",
  noInterval: "—",
  legend: "Diferença de proporções com o intervalo de Wald de 95 %, cada resposta e cada variante por si, sem ajuste; a base de cada variante é quem respondeu à pergunta nela. Inclui as variantes sorteadas pela página quando o banco não respondeu (coluna arm_source = page).",
  empty: "Ninguém respondeu a esta pergunta com estes filtros.",
};

export type ArmWords = typeof ptBR;

const es: ArmWords = {
  heading: "Por variante",
  question: "Pregunta",
  intro: "Cada respuesta en cada variante (A/B) y la diferencia de cada variante con la primera, {control}, con su intervalo de confianza del 95 %.",
  key: "Respuesta",
  arm: "Variante {arm}",
  difference: "{arm} − {control}",
  share: "{share} ({count} de {base})",
  interval: "{value} p.p. (IC 95 %: {low} a {high})",
  noInterval: "—",
  legend: "Diferencia de proporciones con el intervalo de Wald del 95 %, cada respuesta y cada variante por sí misma, sin ajuste; la base de cada variante es quien respondió a la pregunta en ella. Incluye las variantes sorteadas por la página cuando la base de datos no respondió (columna arm_source = page).",
  empty: "Nadie respondió a esta pregunta con estos filtros.",
};

const en: ArmWords = {
  heading: "By arm",
  question: "Question",
  intro: "Each answer in each A/B arm, and each arm's difference from the first, {control}, with its 95 % confidence interval.",
  key: "Answer",
  arm: "Arm {arm}",
  difference: "{arm} − {control}",
  share: "{share} ({count} of {base})",
  interval: "{value} pts (95 % CI: {low} to {high})",
  noInterval: "—",
  legend: "Difference of proportions with the 95 % Wald interval, each answer and each arm on its own, without adjustment; an arm's base is its respondents who answered the question. Arms drawn by the page when the database did not answer are included (column arm_source = page).",
  empty: "Nobody answered this question with these filters.",
};

export const ARM_WORDS: Record<SectionLanguage, ArmWords> = { "pt-BR": ptBR, es, en };

export const armWordsFor = (language: string): ArmWords => wordsFor(ARM_WORDS, language);
