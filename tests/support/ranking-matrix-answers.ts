/** A complete set of answers to the ranking-matrix fixture, as the page holds them. */
import type { Answers } from "../../src/core/answers.ts";

export const pageAnswers = (): Answers => ({
  nombre: "Ana",
  prioridades: ["Idioma", "Revalida", "Empleo"],
  intereses: { "Clases en vivo": "Mucho", Simulacros: "Algo", Mentoria: "Nada" },
  pais: "Brasil",
});
