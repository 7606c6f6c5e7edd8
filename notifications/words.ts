/** The team's words in the e-mails, in the survey's notifications.language (Portuguese by default). */
import type { TeamLanguage } from "./types.ts";

export interface TeamWords {
  newResponse: (survey: string) => string;
  digest: (survey: string, every: "daily" | "weekly") => string;
  period: (from: string, to: string) => string;
  responses: string;
  results: string;
  alertSubject: (survey: string, channel: string) => string;
  alertBody: (channel: string, failures: number, error: string, stopped: boolean) => string;
  replay: string;
}

const PT: TeamWords = {
  newResponse: (survey) => `Nova resposta: ${survey}`,
  digest: (survey, every) => `Resumo ${every === "daily" ? "diário" : "semanal"}: ${survey}`,
  period: (from, to) => `De ${from} a ${to}`,
  responses: "Respostas",
  results: "Resultados",
  alertSubject: (survey, channel) => `Notificações com falha: ${survey} / ${channel}`,
  alertBody: (channel, failures, error, stopped) =>
    `O canal "${channel}" falhou ${failures} vezes seguidas. Último erro: ${error}.${stopped ? " O destino respondeu 410 e o canal foi parado." : ""} As respostas continuam guardadas; os envios são tentados de novo e, depois do último, ficam à espera.`,
  replay: "Para reenviar depois de corrigir: npm run outbox -- replay --since <data>",
};

const ES: TeamWords = {
  newResponse: (survey) => `Nueva respuesta: ${survey}`,
  digest: (survey, every) => `Resumen ${every === "daily" ? "diario" : "semanal"}: ${survey}`,
  period: (from, to) => `Del ${from} al ${to}`,
  responses: "Respuestas",
  results: "Resultados",
  alertSubject: (survey, channel) => `Notificaciones con fallos: ${survey} / ${channel}`,
  alertBody: (channel, failures, error, stopped) =>
    `El canal "${channel}" falló ${failures} veces seguidas. Último error: ${error}.${stopped ? " El destino respondió 410 y el canal se detuvo." : ""} Las respuestas siguen guardadas; los envíos se reintentan y, tras el último, quedan en espera.`,
  replay: "Para reenviar tras corregirlo: npm run outbox -- replay --since <fecha>",
};

const EN: TeamWords = {
  newResponse: (survey) => `New response: ${survey}`,
  digest: (survey, every) => `${every === "daily" ? "Daily" : "Weekly"} digest: ${survey}`,
  period: (from, to) => `From ${from} to ${to}`,
  responses: "Responses",
  results: "Results",
  alertSubject: (survey, channel) => `Notifications failing: ${survey} / ${channel}`,
  alertBody: (channel, failures, error, stopped) =>
    `The channel "${channel}" failed ${failures} times in a row. Last error: ${error}.${stopped ? " The endpoint answered 410 and the channel was stopped." : ""} The responses are stored; sends are tried again and, after the last try, wait.`,
  replay: "To send again once fixed: npm run outbox -- replay --since <date>",
};

export const teamWords = (language: TeamLanguage): TeamWords => ({ "pt-BR": PT, es: ES, en: EN })[language] ?? PT;
