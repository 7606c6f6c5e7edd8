/// <reference types="vite/client" />

/** scripts/vite-plugin-survey-routes.ts; typed in src/config/load-surveys.ts. */
declare module "virtual:survey-routes" {
  export const surveyRoutes: readonly { id: string; route: string; thankYouPath: string; wordsThankYou: boolean; endingPages: readonly { ending: string; path: string }[]; load: () => Promise<unknown> }[];
  export const defaultSurveyId: string | null;
}
