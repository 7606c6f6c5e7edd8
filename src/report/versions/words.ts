/** The answers by definition version's words in each language of the report (src/report/sections/versions/). */
import { wordsFor, type SectionLanguage } from "../words-for.ts";

const ptBR = {
  heading: "Por versão do questionário",
  intro: "Cada versão publicada do questionário com as próprias palavras: uma mudança de texto, de opção ou de condição faz uma nova versão, e as respostas de cada versão aparecem com os rótulos que os respondentes leram. As outras seções juntam todas as versões com os rótulos de hoje.",
  key: "Resposta (valor guardado)",
  version: "Versão {version}",
  published: "publicada em {date}",
  cell: "{label}: {share} ({count} de {base})",
  title: "Na versão {version} a pergunta era: “{title}”",
};

export type VersionWords = typeof ptBR;

const es: VersionWords = {
  heading: "Por versión del cuestionario",
  intro: "Cada versión publicada del cuestionario con sus propias palabras: un cambio de texto, de opción o de condición crea una nueva versión, y las respuestas de cada versión aparecen con las etiquetas que leyeron quienes respondieron. Las demás secciones juntan todas las versiones con las etiquetas de hoy.",
  key: "Respuesta (valor guardado)",
  version: "Versión {version}",
  published: "publicada el {date}",
  cell: "{label}: {share} ({count} de {base})",
  title: "En la versión {version} la pregunta era: “{title}”",
};

const en: VersionWords = {
  heading: "By survey version",
  intro: "Each published version of the survey in its own words: a change of a text, an option or a condition makes a new version, and each version's responses are shown with the labels their respondents read. The other sections pool every version under today's labels.",
  key: "Answer (stored value)",
  version: "Version {version}",
  published: "published on {date}",
  cell: "{label}: {share} ({count} of {base})",
  title: "In version {version} the question read: “{title}”",
};

export const VERSION_WORDS: Record<SectionLanguage, VersionWords> = { "pt-BR": ptBR, es, en };

export const versionWordsFor = (language: string): VersionWords => wordsFor(VERSION_WORDS, language);
