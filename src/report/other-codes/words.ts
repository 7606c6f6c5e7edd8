/** The coded "other" answers' words in each language of the report and the results site (the report's section, the site's coding table). */
import { wordsFor, type SectionLanguage } from "../words-for.ts";

const ptBR = {
  heading: "Respostas “outro” codificadas",
  intro: "Os textos “outro” agrupados sem contar acentos, maiúsculas e pontuação, com o código que a equipe deu a cada um no site de resultados (Temas). Cada resposta conta uma vez, sob o seu código ou sem código.",
  totals: "{raw} respostas “outro”; depois da codificação, {coded} (cada resposta conta uma vez).",
  codes: { caption: "Respostas “outro” de {question} por código", code: "Código", answers: "Respostas" },
  texts: { caption: "Textos “outro” de {question}, os mais frequentes primeiro", text: "Texto (a forma mais escrita)", answers: "Respostas", code: "Código" },
  uncoded: "sem código",
  more: "Mais {count} textos, todos no site de resultados (Temas).",
  table: { caption: "Respostas de {question}, como foram dadas e depois da codificação", answer: "Resposta", raw: "Original", coded: "Codificada" },
};

export type OtherCodesWords = typeof ptBR;

const es: OtherCodesWords = {
  heading: "Respuestas “otro” codificadas",
  intro: "Los textos “otro” agrupados sin contar acentos, mayúsculas y puntuación, con el código que el equipo dio a cada uno en el sitio de resultados (Temas). Cada respuesta cuenta una vez, bajo su código o sin código.",
  totals: "{raw} respuestas “otro”; después de codificar, {coded} (cada respuesta cuenta una vez).",
  codes: { caption: "Respuestas “otro” de {question} por código", code: "Código", answers: "Respuestas" },
  texts: { caption: "Textos “otro” de {question}, los más frecuentes primero", text: "Texto (la forma más escrita)", answers: "Respuestas", code: "Código" },
  uncoded: "sin código",
  more: "{count} textos más, todos en el sitio de resultados (Temas).",
  table: { caption: "Respuestas de {question}, como se dieron y después de codificar", answer: "Respuesta", raw: "Original", coded: "Codificada" },
};

const en: OtherCodesWords = {
  heading: "Coded “other” answers",
  intro: "The “other” texts grouped regardless of accents, capitals and punctuation, with the code the team gave each on the results site (Themes). Each answer counts once, under its code or uncoded.",
  totals: "{raw} “other” answers; after coding, {coded} (each answer counts once).",
  codes: { caption: "“Other” answers of {question} by code", code: "Code", answers: "Answers" },
  texts: { caption: "“Other” texts of {question}, most frequent first", text: "Text (the form most written)", answers: "Answers", code: "Code" },
  uncoded: "no code",
  more: "{count} more texts, all on the results site (Themes).",
  table: { caption: "Answers to {question}, as given and after coding", answer: "Answer", raw: "As given", coded: "Coded" },
};

export const OTHER_CODES_WORDS: Record<SectionLanguage, OtherCodesWords> = { "pt-BR": ptBR, es, en };

export const otherCodesWordsFor = (language: string): OtherCodesWords => wordsFor(OTHER_CODES_WORDS, language);
