/** A literal five-question survey with every kind of numbers the report computes. */
import type { SurveyConfig } from "../../../src/generated/survey-config.ts";
import { tinySurvey } from "../../support/tiny-survey.ts";

export const fixtureSurvey: SurveyConfig = {
  ...tinySurvey({
    questions: [
      { id: "canal", type: "radio", title: "¿Cómo nos conociste?", emoji: "📣", required: true, options: ["Instagram", { value: "WA", label: "WhatsApp" }, "Otro"], other: { option: "Otro", id: "canalOtro", placeholder: "¿Cuál?" } },
      { id: "redes", type: "checkbox", title: "¿Qué redes usas?", emoji: "📱", required: true, options: ["TikTok", "YouTube", "X"], extraText: { id: "redesOtras", placeholder: "Otras redes" } },
      { id: "interes", type: "slider", title: "¿Cuánto te interesa?", emoji: "📊", required: true, min: 0, max: 10, default: 5, minLabel: "Nada", maxLabel: "Mucho" },
      { id: "edad", type: "number", title: "¿Edad?", emoji: "🎂", required: true },
      { id: "sueno", type: "textarea", title: "¿Tu sueño?", emoji: "💭", required: false },
    ],
  }),
  hiddenFields: ["utm_source"],
};
