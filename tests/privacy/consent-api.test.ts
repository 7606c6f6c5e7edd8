/**
 * Consent on record, as the public anon key meets it through PostgREST on
 * PGlite and on PostgreSQL 15: a response to a survey with a consent step is
 * stored only with the version of a consent text the survey has (one per
 * language), and a changed text makes a new version while the old one's rows stay.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readNumbers } from "../../scripts/report/read-numbers.ts";
import { numbersRequest, reportNumbersOf } from "../../src/report/sql-numbers.ts";
import { consentVersions } from "../../scripts/sql/consent-versions.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import { translateSurvey } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { API_BACKENDS, rest, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";

const DIR = "tests/fixtures/surveys/privacy";
const FILE = `${DIR}/privacy-poll.json`;
const source = JSON.parse(readFileSync(FILE, "utf8")) as SurveyConfig;
const translation = JSON.parse(readFileSync(`${DIR}/translations/privacy-poll.pt-BR.json`, "utf8"));

/** The row the page in `language` sends once the consent box is ticked. */
function pageRow(language: string): Row {
  const survey = resolveSurvey(translateSurvey(source, language, language === "es" ? undefined : translation));
  return toRow({ ...survey, version: definitionVersion(source) }, { ...openingAnswers(survey, "", crypto.randomUUID()), nombre: "Ana", etapa: "Estudiando" }, crypto.randomUUID());
}

describe("the consent version", () => {
  test("differs per language and with any change of the text", () => {
    const [es, pt] = [pageRow("es").consent_version, pageRow("pt-BR").consent_version];
    expect(es).toMatch(/^[0-9a-f]{8}$/);
    expect(pt).not.toBe(es);
    expect(consentVersions({ file: FILE, config: source })).toEqual([es, pt]);
    const edited = { ...source, consent: { ...source.consent!, noticeUrl: "https://example.org/privacidad-v2" } };
    expect(consentVersions({ file: FILE, config: edited })[0]).not.toBe(es);
  });
});

describe.each(API_BACKENDS)("an anon insert through PostgREST on %s", (backend) => {
  let stack: FixtureApi;
  beforeAll(async () => {
    stack = await startFixtureApi(DIR, backend);
  }, 300_000);
  afterAll(() => stack?.stop());

  const insert = (row: Row) => rest(stack.api, "POST", "privacy_poll_responses", row);
  const stored = async (id: string) => (await rest(stack.api, "GET", `privacy_poll_responses?id=eq.${id}&select=consent_version`, undefined, { key: stack.api.serviceRoleKey })).body;

  test.each(["es", "pt-BR"])("with the version of the text shown in %s is stored, with that version", async (language) => {
    const row = pageRow(language);
    expect((await insert(row)).status).toBe(201);
    expect(await stored(row.id)).toEqual([{ consent_version: row.consent_version }]);
  });

  test.each([
    ["without a version", null],
    ["with a version that is not the survey's", "0badc0de"],
  ])("%s is refused and nothing is stored", async (_, version) => {
    const row = { ...pageRow("es"), consent_version: version };
    const answer = await insert(row);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("privacy_poll_responses_consent_version_check");
    expect(await stored(row.id)).toEqual([]);
  });

  test("the report counts the responses per consent version", async () => {
    const api = { url: stack.api.url, serviceKey: stack.api.serviceRoleKey };
    const numbers = reportNumbersOf(source, await readNumbers(api, numbersRequest(source, { where: {} }, "UTC")));
    expect(numbers.consentVersions).toEqual(expect.arrayContaining([{ version: pageRow("es").consent_version, responses: 1 }, { version: pageRow("pt-BR").consent_version, responses: 1 }]));
    expect(numbers.consentVersions).toHaveLength(2);
  });
});
