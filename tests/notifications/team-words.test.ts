// What the team reads, in each of its languages: the per-response e-mail,
// the digest and the owner's alert (with each reason a try can fail) hold no
// word of the other languages' presets; answers and counts appear under the
// questions and options as the file words them, a personal question in a
// digest only as how many answered it. `npm run outbox -- status` speaks
// each channel's language too, and names an HTTP status once.
import { describe, expect, test } from "vitest";
import { alertMessage, digestMessage, responseMessage } from "../../notifications/email.ts";
import type { ClaimedEvent, TeamLanguage } from "../../notifications/types.ts";
import { teamWords, type TeamWords } from "../../notifications/words.ts";
import { questionWords } from "../../scripts/sql/outbox-questions.ts";
import { statusLines } from "../../scripts/notifications/status.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { outboxSurvey } from "../support/outbox-stack.ts";

const LANGUAGES: TeamLanguage[] = ["pt-BR", "es", "en"];

const survey = {
  ...outboxSurvey({ owner: "o@example.com" }),
  hiddenFields: ["utm_source"],
  questions: [
    { id: "modalidad", type: "radio", title: "¿Modalidad?", emoji: "🏫", required: true, options: [{ value: "presencial", label: "Presencial (en sede)" }, { value: "online", label: "Virtual" }] },
    { id: "salud", type: "radio", title: "¿Condición?", emoji: "🩺", required: false, personal: true, options: ["Sana", "Crónica"] },
    { id: "correo", type: "email", title: "¿Correo?", emoji: "📧", required: false },
  ],
} as SurveyConfig;
/** The file's own words and the team's link, which the presets do not write. */
const SURVEY_TEXTS = ["utm_source: instagram", "¿Modalidad?", "Presencial (en sede)", "Virtual", "¿Condición?", "¿Correo?", "avisos", "https://example.com/r"];

/** Every text a preset can write, its templates filled with neutral values. */
function presetTexts(words: TeamWords): string[] {
  const { errors, status } = words;
  return [
    words.newResponse("X"), words.digest("X", "daily"), words.digest("X", "weekly"), words.period("1", "2"), words.responses, words.results,
    words.alertSubject("X", "Y"), words.alertBody("Y", 1, "E", true), words.alertBody("Y", 3, "E", false), words.replay, words.answered(2),
    errors.missingSecret("V"), errors.refused("H", "A"), errors.unresolved("H"), errors.noAnswer(1), errors.connectionFailed("C"), errors.deadline(1), errors.gone,
    errors.smtpMissing, errors.smtpFailed("C", null), errors.unexpected("D"),
    ...Object.values(status.kinds), ...Object.values(status.states), status.removed, status.counts(1, 1, 1), status.counts(2, 2, 2), status.inRow(1), status.inRow(2), status.pausedUntil("T"), status.attempt(1),
  ];
}
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
/** The words of the other languages' presets that this language's preset never uses. */
function foreignWords(language: TeamLanguage): Set<string> {
  const own = wordsOf(presetTexts(teamWords(language)).join(" "));
  return new Set(LANGUAGES.filter((other) => other !== language).flatMap((other) => [...wordsOf(presetTexts(teamWords(other)).join(" "))]).filter((word) => !own.has(word)));
}

/** Channels of every kind and state as outbox.channel_state gives them (names as a file might give them). */
const statusRows = (language: TeamLanguage) => {
  const row = { survey_id: "avisos", language, active: true, state: "ok", failures_in_row: 0, pending: 0, sent: 0, dead: 0, paused_until: null, last_failures: [] };
  const failure = (attempt: number, httpStatus: number | null, error: string) => ({ at: "2026-11-28T12:00:00Z", attempt, http_status: httpStatus, error });
  return [
    { ...row, name: "crm", kind: "webhook", state: "failing", failures_in_row: 3, pending: 2, sent: 120, dead: 5, paused_until: "2999-01-01T00:00:00Z", last_failures: [failure(3, 429, "HTTP 429"), failure(2, null, teamWords(language).errors.noAnswer(10_000))] },
    { ...row, name: "sac", kind: "webhook", state: "stopped", failures_in_row: 1, pending: 1, last_failures: [failure(1, 410, teamWords(language).errors.gone)] },
    { ...row, name: "kpi", kind: "email", active: false, sent: 1 },
    { ...row, name: "ops", kind: "digest", sent: 6 },
    { ...row, name: "owner", kind: "alert", sent: 1 },
  ];
};

const event = (language: TeamLanguage, more: Partial<ClaimedEvent>): ClaimedEvent => ({
  id: "e1", channel: "avisos_responses/cada", kind: "email", target: { to: ["t@example.com"], questions: questionWords(survey), hidden: ["utm_source"], timeZone: "America/Sao_Paulo" }, attempt: 1, created_at: "2026-11-28T12:00:00Z",
  survey_id: "avisos", language, results_url: "https://example.com/r", period_start: "2026-11-27T12:00:00Z", period_end: "2026-11-28T12:00:00Z", detail: null, payload: null, ...more,
});

describe.each(LANGUAGES)("what the team reads in %s", (language) => {
  const words = teamWords(language);
  const response = responseMessage(event(language, { payload: { id: "r1", modalidad: "presencial", utm_source: "instagram" } }));
  const digest = digestMessage(event(language, { kind: "digest" }), {
    responses: 7,
    counts: { "modalidad\u001fpresencial": 5, "modalidad\u001fonline": 2, "salud\u001fCrónica": 3 },
    answered: { modalidad: 7, salud: 3, correo: 4 },
  });
  const alerts = presetTexts(words).slice(-10).map((error) => alertMessage(event(language, { kind: "alert", detail: { channel: "crm", kind: "webhook", failures: 5, error, httpStatus: null, stopped: false } })));

  test("has no word of another language's preset", () => {
    const foreign = foreignWords(language);
    for (const { subject, text } of [response, digest, ...alerts]) {
      const shown = SURVEY_TEXTS.reduce((all, own) => all.replaceAll(own, ""), `${subject}\n${text}`);
      expect([...wordsOf(shown)].filter((word) => foreign.has(word)), shown).toEqual([]);
    }
  });

  test("status has no word of another language's preset", () => {
    const foreign = foreignWords(language);
    // A channel's name is the file's (and the owner's alert is the channel "owner" in every language).
    const rows = statusRows(language);
    const shown = rows.reduce((all, { name }) => all.replaceAll(`avisos/${name} `, ""), statusLines(rows).join("\n"));
    expect([...wordsOf(shown)].filter((word) => foreign.has(word)), shown).toEqual([]);
  });

  test("words answers and counts as the file does; a personal question only as how many answered", () => {
    expect(response.text).toContain("¿Modalidad?: Presencial (en sede)\nutm_source: instagram\n");
    expect(response.text).not.toContain("modalidad");
    expect(digest.text).toContain("¿Modalidad?\n  Presencial (en sede): 5\n  Virtual: 2\n");
    expect(digest.text).toContain(`¿Condición?\n  ${words.answered(3)}\n`);
    expect(digest.text).toContain(`¿Correo?\n  ${words.answered(4)}\n`);
    expect(digest.text).not.toContain("Crónica");
  });
});

test("status names a failure's HTTP status once", () => {
  const [crm] = statusRows("en");
  expect(statusLines([crm!]).slice(1)).toEqual(["    2026-11-28T12:00:00Z try 3: HTTP 429", "    2026-11-28T12:00:00Z try 2: no answer within 10000 ms"]);
});

test("status words each channel in its own survey's language, under the name the file gives it", () => {
  const [es, pt] = [statusRows("es")[0]!, { ...statusRows("pt-BR")[2]!, survey_id: "outra" }];
  expect(statusLines([es, pt])).toEqual([
    "avisos/crm (webhook): fallando, 120 entregados, 2 pendientes, 5 sin entregar, 3 fallos seguidos, en pausa hasta 2999-01-01T00:00:00Z",
    "    2026-11-28T12:00:00Z intento 3: HTTP 429",
    "    2026-11-28T12:00:00Z intento 2: sin respuesta en 10000 ms",
    "outra/kpi (e-mail, retirado do arquivo da pesquisa): funcionando, 1 entregue, 0 pendentes, 0 não entregues, 0 falhas seguidas",
  ]);
});
