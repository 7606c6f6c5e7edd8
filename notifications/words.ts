/**
 * The team's words, in the survey's notifications.language (Portuguese by
 * default): the e-mails, `npm run outbox -- status`, and the reasons a try
 * failed, which the owner's alert, status and the results site quote. Only
 * what a server said itself (an SMTP reply) is quoted as it came.
 */
import type { ChannelKind, TeamLanguage } from "./types.ts";

export interface FailureWords {
  missingSecret: (variable: string) => string;
  refused: (host: string, address: string) => string;
  unresolved: (host: string) => string;
  noAnswer: (ms: number) => string;
  connectionFailed: (code: string) => string;
  deadline: (ms: number) => string;
  gone: string;
  smtpMissing: string;
  smtpFailed: (code: string, reply: string | null) => string;
  unexpected: (detail: string) => string;
}

/** `npm run outbox -- status`: a channel's line (its name as the file gives it), then its last failures. */
export interface StatusWords {
  kinds: Record<ChannelKind, string>;
  states: Record<"ok" | "failing" | "stopped", string>;
  /** A channel whose survey file no longer has it. */
  removed: string;
  counts: (sent: number, pending: number, dead: number) => string;
  inRow: (failures: number) => string;
  pausedUntil: (time: string) => string;
  attempt: (attempt: number) => string;
}

export interface TeamWords {
  newResponse: (survey: string) => string;
  digest: (survey: string, every: "daily" | "weekly") => string;
  period: (from: string, to: string) => string;
  responses: string;
  results: string;
  alertSubject: (survey: string, channel: string) => string;
  alertBody: (channel: string, failures: number, error: string, stopped: boolean) => string;
  replay: string;
  /** A personal question in a digest: only how many answered it. */
  answered: (count: number) => string;
  status: StatusWords;
  errors: FailureWords;
}

/** "1 entregue", "2 entregues": a count and its noun, one or several. */
const counted = (count: number, one: string, several: string) => `${count} ${count === 1 ? one : several}`;

const PT: TeamWords = {
  newResponse: (survey) => `Nova resposta: ${survey}`,
  digest: (survey, every) => `Resumo ${every === "daily" ? "diário" : "semanal"}: ${survey}`,
  period: (from, to) => `De ${from} a ${to}`,
  responses: "Respostas",
  results: "Resultados",
  alertSubject: (survey, channel) => `Notificações com falha: ${survey} / ${channel}`,
  alertBody: (channel, failures, error, stopped) =>
    `O canal "${channel}" falhou ${failures === 1 ? "1 vez" : `${failures} vezes seguidas`}. Último erro: ${error}.${stopped ? " O destino respondeu 410 e o canal foi parado." : ""} As respostas continuam guardadas; os envios são tentados de novo e, depois do último, ficam à espera.`,
  replay: "Para reenviar depois de corrigir: npm run outbox -- replay --since <data>",
  answered: (count) => `Responderam: ${count}`,
  status: {
    kinds: { webhook: "webhook", email: "e-mail", digest: "resumo por e-mail", alert: "alerta ao responsável" },
    states: { ok: "funcionando", failing: "falhando", stopped: "parado (o destino respondeu 410)" },
    removed: "retirado do arquivo da pesquisa",
    counts: (sent, pending, dead) => [counted(sent, "entregue", "entregues"), counted(pending, "pendente", "pendentes"), counted(dead, "não entregue", "não entregues")].join(", "),
    inRow: (failures) => counted(failures, "falha seguida", "falhas seguidas"),
    pausedUntil: (time) => `em pausa até ${time}`,
    attempt: (attempt) => `tentativa ${attempt}`,
  },
  errors: {
    missingSecret: (variable) => `segredo ausente: defina ${variable}`,
    refused: (host, address) => `endereço recusado: ${host} resolve para ${address} (rede privada ou local)`,
    unresolved: (host) => `endereço não resolvido: ${host}`,
    noAnswer: (ms) => `sem resposta em ${ms} ms`,
    connectionFailed: (code) => `conexão falhou (${code})`,
    deadline: (ms) => `envio interrompido após ${ms} ms`,
    gone: "410 Gone: o destino pediu para parar",
    smtpMissing: "SMTP_URL não configurado",
    smtpFailed: (code, reply) => `o servidor de e-mail recusou ou caiu (${code})${reply ? `: ${reply}` : ""}`,
    unexpected: (detail) => `erro inesperado: ${detail}`,
  },
};

const ES: TeamWords = {
  newResponse: (survey) => `Nueva respuesta: ${survey}`,
  digest: (survey, every) => `Resumen ${every === "daily" ? "diario" : "semanal"}: ${survey}`,
  period: (from, to) => `Del ${from} al ${to}`,
  responses: "Respuestas",
  results: "Resultados",
  alertSubject: (survey, channel) => `Notificaciones con fallos: ${survey} / ${channel}`,
  alertBody: (channel, failures, error, stopped) =>
    `El canal "${channel}" falló ${failures === 1 ? "1 vez" : `${failures} veces seguidas`}. Último error: ${error}.${stopped ? " El destino respondió 410 y el canal se detuvo." : ""} Las respuestas siguen guardadas; los envíos se reintentan y, tras el último, quedan en espera.`,
  replay: "Para reenviar tras corregirlo: npm run outbox -- replay --since <fecha>",
  answered: (count) => `Respondieron: ${count}`,
  status: {
    kinds: { webhook: "webhook", email: "correo", digest: "resumen por correo", alert: "alerta al responsable" },
    states: { ok: "funcionando", failing: "fallando", stopped: "detenido (el destino respondió 410)" },
    removed: "quitado del archivo de la encuesta",
    counts: (sent, pending, dead) => [counted(sent, "entregado", "entregados"), counted(pending, "pendiente", "pendientes"), `${dead} sin entregar`].join(", "),
    inRow: (failures) => counted(failures, "fallo seguido", "fallos seguidos"),
    pausedUntil: (time) => `en pausa hasta ${time}`,
    attempt: (attempt) => `intento ${attempt}`,
  },
  errors: {
    missingSecret: (variable) => `falta el secreto: defina ${variable}`,
    refused: (host, address) => `dirección rechazada: ${host} apunta a ${address} (red privada o local)`,
    unresolved: (host) => `dirección sin resolver: ${host}`,
    noAnswer: (ms) => `sin respuesta en ${ms} ms`,
    connectionFailed: (code) => `la conexión falló (${code})`,
    deadline: (ms) => `envío interrumpido tras ${ms} ms`,
    gone: "410 Gone: el destino pidió parar",
    smtpMissing: "SMTP_URL sin configurar",
    smtpFailed: (code, reply) => `el servidor de correo rechazó o cortó (${code})${reply ? `: ${reply}` : ""}`,
    unexpected: (detail) => `error inesperado: ${detail}`,
  },
};

const EN: TeamWords = {
  newResponse: (survey) => `New response: ${survey}`,
  digest: (survey, every) => `${every === "daily" ? "Daily" : "Weekly"} digest: ${survey}`,
  period: (from, to) => `From ${from} to ${to}`,
  responses: "Responses",
  results: "Results",
  alertSubject: (survey, channel) => `Notifications failing: ${survey} / ${channel}`,
  alertBody: (channel, failures, error, stopped) =>
    `The channel "${channel}" failed ${failures === 1 ? "once" : `${failures} times in a row`}. Last error: ${error}.${stopped ? " The endpoint answered 410 and the channel was stopped." : ""} The responses are stored; sends are tried again and, after the last try, wait.`,
  replay: "To send again once fixed: npm run outbox -- replay --since <date>",
  answered: (count) => `Answered: ${count}`,
  status: {
    kinds: { webhook: "webhook", email: "e-mail", digest: "e-mail digest", alert: "owner alert" },
    states: { ok: "working", failing: "failing", stopped: "stopped (the endpoint answered 410)" },
    removed: "removed from the survey file",
    counts: (sent, pending, dead) => `${sent} delivered, ${pending} pending, ${dead} dead`,
    inRow: (failures) => counted(failures, "failure in a row", "failures in a row"),
    pausedUntil: (time) => `paused until ${time}`,
    attempt: (attempt) => `try ${attempt}`,
  },
  errors: {
    missingSecret: (variable) => `secret missing: set ${variable}`,
    refused: (host, address) => `address refused: ${host} resolves to ${address} (private or local network)`,
    unresolved: (host) => `address not resolved: ${host}`,
    noAnswer: (ms) => `no answer within ${ms} ms`,
    connectionFailed: (code) => `connection failed (${code})`,
    deadline: (ms) => `send stopped after ${ms} ms`,
    gone: "410 Gone: the endpoint asked to stop",
    smtpMissing: "SMTP_URL not set",
    smtpFailed: (code, reply) => `the mail server refused or dropped (${code})${reply ? `: ${reply}` : ""}`,
    unexpected: (detail) => `unexpected error: ${detail}`,
  },
};

export const teamWords = (language: TeamLanguage): TeamWords => ({ "pt-BR": PT, es: ES, en: EN })[language] ?? PT;
