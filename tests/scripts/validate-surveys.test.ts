import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { upgradeErrors } from "../../scripts/lib/upgrade-check.ts";
import { formatError, validateSurveys } from "../../scripts/lib/validate.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { FIXTURES, REPO, runScript, scratchDir } from "./helpers.ts";

const fixture = (name: string) => `tests/fixtures/surveys/${name}`;

describe("validateSurveys", () => {
  test("accepts both shipped surveys", () => {
    expect(validateSurveys(`${REPO}/surveys`)).toEqual([]);
  });

  test("accepts the third fixture survey without any code change", () => {
    expect(validateSurveys(`${FIXTURES}/valid`)).toEqual([]);
  });

  test("accepts value/label options everywhere, 'other' included (the fixture set the browser test builds)", () => {
    expect(validateSurveys(`${FIXTURES}/value-label`)).toEqual([]);
  });

  // Each fixture holds exactly one mistake, so exactly one line must come out: no ajv noise.
  test.each([
    ["misspelled-key", "newsletter-form.json", "/questions/0/placholder", 'unknown key "placholder" (allowed: id, column, title, subtitle, emoji, required, personal, showIf, type, placeholder, maxLength; did you mean "placeholder"?)'],
    ["empty-options", "newsletter-form.json", "/questions/1/options", "needs at least 2 options"],
    ["unknown-type", "newsletter-form.json", "/questions/0/type", 'unknown question type "dropdown" (allowed: text, number, textarea, select, radio, checkbox, slider, rating, nps, email, phone, date, ranking, matrix)'],
    ["missing-key", "newsletter-form.json", "/questions/0", 'missing required key "title"'],
    ["option-without-label", "newsletter-form.json", "/questions/1/options/0", 'missing required key "label"'],
    ["invalid-json", "newsletter-form.json", "/", "invalid JSON at line 5, column 3"],
    ["duplicate-id", "newsletter-form.json", "/questions/1/id", 'id "email" is already used at /questions/0/id'],
    ["duplicate-companion-id", "newsletter-form.json", "/questions/1/other/id", 'id "email" is already used at /questions/0/id'],
    ["duplicate-column", "newsletter-form.json", "/questions/1/column", 'column "email" is already used at /questions/0/id'],
    ["reserved-column", "newsletter-form.json", "/questions/0/column", 'column "created_at" is reserved for every table (reserved: id, created_at, website, visit_id, definition_version, definition_commit, once_key, altcha, receipt_hash)'],
    ["reserved-word-column", "newsletter-form.json", "/questions/0/column", 'column "user" is a reserved word in PostgreSQL'],
    ["reserved-word-table", "newsletter-form.json", "/table", 'table "order" is a reserved word in PostgreSQL'],
    ["dangling-other", "newsletter-form.json", "/questions/1/other/option", '"Otra" is not one of the options of "canal" (allowed: "Instagram", "Un amigo", "Otro"; did you mean "Otro"?)'],
    ["duplicate-option", "newsletter-form.json", "/questions/1/options/2", 'option "Instagram" is listed twice'],
    ["max-selections", "newsletter-form.json", "/questions/1/maxSelections", 'maxSelections is 5 but "temas" has only 3 options'],
    ["slider-min-max", "newsletter-form.json", "/questions/1/max", "max (1) must be greater than min (10)"],
    ["slider-default-outside", "newsletter-form.json", "/questions/1/default", "default 12 is outside the slider's range (allowed: 1..10)"],
    ["slider-default-step", "newsletter-form.json", "/questions/1/default", "default 4 cannot be reached from min 1 in steps of 2"],
    ["slider-label-range", "newsletter-form.json", "/questions/1/valueLabels/0/to", "to 11 is outside the slider's range (allowed: 1..10)"],
    ["unknown-placeholder", "newsletter-form.json", "/questions/1/title", "unknown placeholder {profesionalName} (allowed here: {professionalName}; did you mean {professionalName}?)"],
    ["misplaced-placeholder", "newsletter-form.json", "/questions/0/title", "placeholder {percent} is not filled in here (allowed here: {professionalName})"],
    ["submit-required-unknown", "newsletter-form.json", "/submitRequiredFields/1", '"emial" is not the id of a question or companion field'],
    ["message-placeholder", "newsletter-form.json", "/messages/progress", "unknown placeholder {totl} (allowed here: {professionalName}, {current}, {total}; did you mean {total}?)"],
    ["route-thank-you", "other-form.json", "/route", 'route "/thank-you" is a thank-you page of the site'],
    ["receipt-path-taken", "other-form.json", "/receipt/path", 'the data page "/news/letter" is already a page of this site'],
    ["route-redirect", "newsletter-form.json", "/route", 'route "/gracias" is a thank-you page of the site'],
    ["shared-thank-you", "other-form.json", "/thankYou", `ends on "/gracias" like ${fixture("shared-thank-you")}/newsletter-form.json, but words that page differently (heading)`],
    ["not-found-elsewhere", "other-form.json", "/notFound", `only the default survey (${fixture("not-found-elsewhere")}/newsletter-form.json, the one at "/" or else the first) words the 404 page`],
    ["button-unknown-page", "newsletter-form.json", "/thankYou/buttonTo", '"/newsleter" is not a page of this site (allowed: "/newsletter", "/newsletter/thank-you"; did you mean "/newsletter"?)'],
    ["thank-you-other-site", "newsletter-form.json", "/thankYou/path", '"//evil.example/x" has the wrong form. An address on this site'],
    ["button-absolute-url", "newsletter-form.json", "/thankYou/buttonTo", '"https://evil.example/x" has the wrong form. An address on this site'],
    ["option-spacing-twin", "newsletter-form.json", "/questions/1/options/2", 'option "Un  amigo" looks the same as "Un amigo" (/questions/1/options/1): they differ only in spaces or capital letters'],
    ["option-case-twin", "newsletter-form.json", "/questions/1/options/2", 'option "INSTAGRAM" looks the same as "Instagram" (/questions/1/options/0)'],
    ["option-blank", "newsletter-form.json", "/questions/1/options/1", "option is only spaces; write a text or remove the option"],
    ["slider-step-max", "newsletter-form.json", "/questions/1/step", "step 2 never reaches max 10 from min 1 (the last value would be 9); use a step that divides 9 (allowed: 1, 3, 9)"],
    ["slider-label-overlap", "newsletter-form.json", "/questions/1/valueLabels/1/from", '"Algo" (4..7) overlaps "Poco" (/questions/1/valueLabels/0, 1..4) on 4..4, where only "Poco" would be shown; make the ranges meet without overlapping (e.g. from 5)'],
    ["duplicate-key", "newsletter-form.json", "/messages/next", 'key "next" is written twice in the same object (lines 10 and 11); only the last one would count'],
    ["table-name-too-long", "newsletter-form.json", "/table", 'table "newsletter_responses_from_the_spring_campaign_in_lima_peru_24" is 61 characters long; PostgreSQL would cut the names made from it ("newsletter_responses_from_the_spring_campaign_in_lima_peru_24_pkey" is 66 characters, at most 63 are kept), so use at most 58 characters'],
    ["duplicate-route", "other-form.json", "/route", `route "/newsletter" is already used by ${fixture("duplicate-route")}/newsletter-form.json`],
    ["duplicate-table", "other-form.json", "/table", `table "newsletter_responses" is already used by ${fixture("duplicate-table")}/newsletter-form.json`],
    ["condition-later-question", "newsletter-form.json", "/questions/1/showIf/question", '"temas" comes later (/questions/2); a condition may only use questions asked before it (earlier questions: email; did you mean to move this question after "temas"?)'],
    ["condition-unknown-question", "newsletter-form.json", "/questions/2/showIf/question", '"canl" is not the id of a question (earlier questions: email, canal; did you mean "canal"?)'],
    ["condition-unknown-value", "newsletter-form.json", "/questions/2/showIf/equals", '"Un amiga" is not one of the options of "canal" (allowed: "Instagram", "Un amigo", "Otro"; did you mean "Un amigo"?)'],
    ["condition-wrong-test", "newsletter-form.json", "/questions/2/showIf/includes", '"includes" does not fit "canal", a radio question (allowed for radio: equals, notEquals, oneOf, is; did you mean "equals"?)'],
    ["condition-nested-wrong-test", "newsletter-form.json", "/questions/2/showIf/all/1/oneOf", '"oneOf" does not fit "email", a text question (allowed for text: is)'],
    ["condition-two-tests", "newsletter-form.json", "/questions/2/showIf/notEquals", 'one condition holds one test, but "equals" and "notEquals" are both here'],
    ["recall-later-question", "newsletter-form.json", "/questions/0/title", '"canal" comes later (/questions/1); a recall may only use questions asked before it (earlier questions: none: the first question cannot have a recall; did you mean to move this question after "canal"?)'],
    ["recall-unknown-question", "newsletter-form.json", "/questions/1/title", '"emial" is not the id of a question (earlier questions: email; did you mean "email"?)'],
    ["recall-hidden-question", "newsletter-form.json", "/questions/2/title", '"canal" is asked only when its condition holds (/questions/1/showIf); give a text for when it is not, e.g. {answer:canal|…}'],
    ["recall-plain-option", "newsletter-form.json", "/questions/1/options/1", 'an option that recalls an answer must be written as {"value": "…", "label": "Un amigo de {answer:email}"}, so that what is stored does not change with the answer'],
    ["recall-misplaced", "newsletter-form.json", "/pageTitle", "{answer:email} recalls an answer only in a question's title, subtitle, placeholder or option labels"],
    ["campaign-closes-before-opens", "newsletter-form.json", "/closesAt", '"2026-12-01T00:00:00-03:00" is not after opensAt "2026-12-15T00:00:00-03:00"; the survey must close after it opens'],
    ["campaign-impossible-date", "newsletter-form.json", "/closesAt", '"2026-02-30T10:00:00Z" is not a date and time that exists (e.g. "2026-12-01T09:00:00-03:00")'],
    ["campaign-no-offset", "newsletter-form.json", "/opensAt", '"2026-12-01T10:00:00" has the wrong form. A date and time with its offset from UTC (ISO 8601)'],
    ["protected-term-sentence", "newsletter-form.json", "/protectedTerms/1", '"quiero ser médico de familia" has the wrong form. A word or a name of up to three words'],
    ["campaign-max-zero", "newsletter-form.json", "/maxResponses", "0 is too small (>= 1 allowed)"],
    ["condition-misspelled-test", "newsletter-form.json", "/questions/2/showIf/equal", 'unknown key "equal" (allowed: question, row, equals, notEquals, oneOf, includes, excludes, lessThan, atMost, greaterThan, atLeast, before, after, topChoice, is, arm, all, any, not; did you mean "equals"?)'],
    ["unknown-report-language", "newsletter-form.json", "/reportLanguage", '"fr" has no report preset (allowed: "es", "pt-BR", "en", or one of them with a region, e.g. "es-AR")'],
    ["file-name-mismatch", "newsletter.json", "/id", 'id "newsletter-form" does not match the file name "newsletter.json"'],
  ])("%s: reports %s at %s", (name, file, pointer, message) => {
    const lines = validateSurveys(fixture(name)).map(formatError);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${fixture(name)}/${file} ${pointer}: ${message}`);
  });
});

describe("validateSurveys on message overrides", () => {
  test("names an unknown message key, lists the allowed ones and suggests the nearest", () => {
    const [line, ...rest] = validateSurveys(fixture("misspelled-message")).map(formatError);
    expect(rest).toEqual([]);
    expect(line).toContain(`${fixture("misspelled-message")}/newsletter-form.json /messages/nxt: unknown key "nxt" (allowed: previous, next, submit,`);
    expect(line).toMatch(/; did you mean "next"\?\)$/);
  });
});

describe("npm run validate", { timeout: 60_000 }, () => {
  test("prints one line per error and exits 1", () => {
    const { status, stdout, stderr } = runScript("scripts/validate-surveys.ts", [fixture("dangling-other")]);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.split("\n")[0]).toBe(
      `${fixture("dangling-other")}/newsletter-form.json /questions/1/other/option: "Otra" is not one of the options of "canal" (allowed: "Instagram", "Un amigo", "Otro"; did you mean "Otro"?)`,
    );
  });

  test("says how many surveys are valid and exits 0", () => {
    const { status, stdout } = runScript("scripts/validate-surveys.ts", []);
    expect(status).toBe(0);
    expect(stdout.trim()).toBe("2 surveys valid");
  });
});

describe("a question whose type would change its column's type", { timeout: 60_000 }, () => {
  // The fixture's migrations created newsletter_responses.canal as text (a radio question); the file now makes it a checkbox.
  const dir = "tests/fixtures/type-change/surveys";

  test("is refused by npm run validate, saying why and what to do", () => {
    const { status, stderr } = runScript("scripts/validate-surveys.ts", [dir]);
    expect(status).toBe(1);
    expect(stderr.split("\n")[0]).toBe(
      `${dir}/newsletter-form.json /questions/1/type: "canal" is now a checkbox question, stored as text[], but its column newsletter_responses.canal already holds text answers from the migrations; existing rows cannot change type by themselves. Give the question a new id (a new column), or convert the column in a hand-written migration supabase/migrations/<timestamp>_convert_newsletter_responses_canal.sql ending with the line -- codegen: {"table":"newsletter_responses","column":"canal","type":"text[]"}`,
    );
  });

  test("is refused by npm run codegen, which writes nothing", () => {
    const { status, stderr } = runScript("scripts/codegen.ts", ["--surveys", dir, "--out", "tests/fixtures/type-change", "--check"]);
    expect(status).toBe(1);
    expect(stderr).toContain('"canal" is now a checkbox question, stored as text[]');
    expect(stderr).toContain("codegen: the surveys are invalid (see above); nothing was generated.");
  });
});

describe("a survey written for the first form of the schema", { timeout: 60_000 }, () => {
  const form1 = fixture("schema-form-1");
  const file = "newsletter-form.json";
  const earlierForm =
    'written for an earlier form of the schema; run npm run validate -- --fix to bring it up to date (messages.success {title, description} → messages.successTitle, messages.successDescription; messages.error {title, description} → messages.errorTitle, messages.errorDescription; messages.unexpectedError {title, description} → messages.unexpectedErrorTitle, messages.unexpectedErrorDescription; redirect {path, delayMs} → thankYou.path, thankYou.delayMs; adds "schemaVersion": 2)';
  const line = `${form1}/${file} /: ${earlierForm}`;

  /** The first-form fixture in a scratch directory, as an editor's copy. */
  function copyOfForm1(): string {
    const dir = scratchDir();
    cpSync(join(REPO, form1, file), join(dir, file));
    return dir;
  }

  test("is named in one line that says what --fix changes, instead of an unknown-key error per old key", () => {
    expect(validateSurveys(form1).map(formatError)).toEqual([line]);
  });

  test("in the current form, it is valid", () => {
    expect(validateSurveys(fixture("schema-form-2"))).toEqual([]);
  });

  test("is refused by codegen with the same line (the build: tests/scripts/vite-plugin-surveys.test.ts)", () => {
    const codegen = runScript("scripts/codegen.ts", ["--surveys", form1, "--check"]);
    expect(codegen.status).toBe(1);
    expect(codegen.stderr.split("\n")[0]).toBe(line);
  });

  test("npm run validate -- --fix rewrites it into the current form, which validates, changing only the old keys' lines", () => {
    const dir = copyOfForm1();
    const { status, stdout } = runScript("scripts/validate-surveys.ts", ["--fix", dir]);
    expect(status).toBe(0);
    expect(stdout).toContain(`${dir}/${file}: brought up to form 2 (messages.success {title, description} → messages.successTitle`);
    expect(stdout.trim().split("\n").at(-1)).toBe("1 survey valid");
    // The current-form fixture is exactly what --fix writes (its diff from the first form: schemaVersion, the six notice lines, "thankYou").
    expect(readFileSync(join(dir, file), "utf8")).toBe(readFileSync(join(REPO, fixture("schema-form-2"), file), "utf8"));
  });

  test("a second --fix changes nothing", () => {
    const dir = copyOfForm1();
    runScript("scripts/validate-surveys.ts", ["--fix", dir]);
    const once = readFileSync(join(dir, file));
    const again = runScript("scripts/validate-surveys.ts", ["--fix", dir]);
    expect(again.stdout.trim()).toBe("1 survey valid");
    expect(readFileSync(join(dir, file)).equals(once)).toBe(true);
  });

  test("after --fix the survey means the same: every text, the thank-you path and the delay", () => {
    const dir = copyOfForm1();
    const old = JSON.parse(readFileSync(join(dir, file), "utf8"));
    runScript("scripts/validate-surveys.ts", ["--fix", dir]);
    const written = JSON.parse(readFileSync(join(dir, file), "utf8"));
    const fixed = resolveSurvey(written as SurveyConfig);
    const { success, error, unexpectedError, ...flat } = old.messages;
    // The file's own words (the resolved survey leaves out those of types it does not ask).
    expect(written.messages).toMatchObject({
      ...flat,
      successTitle: success.title, successDescription: success.description,
      errorTitle: error.title, errorDescription: error.description,
      unexpectedErrorTitle: unexpectedError.title, unexpectedErrorDescription: unexpectedError.description,
    });
    expect(fixed.thankYou).toMatchObject({ path: old.redirect.path, delayMs: old.redirect.delayMs });
    // Everything else is as it was.
    const { messages: _oldMessages, redirect: _redirect, ...oldRest } = old;
    const { messages: _messages, thankYou: _thankYou, schemaVersion: _version, ...rest } = written;
    expect(rest).toEqual(oldRest);
  });
});

describe("upgradeErrors", () => {
  test("a text written both the old and the new way, differently, is named at its new place and left to the editor", () => {
    expect(upgradeErrors({ messages: { successTitle: "Nuevo", success: { title: "Viejo", description: "Guardado" } } })).toEqual([
      {
        pointer: "/messages/successTitle",
        message: 'written for an earlier form of the schema, and messages.success.title is "Viejo" but messages.successTitle is "Nuevo"; keep one of them; then run npm run validate -- --fix to bring it up to date',
      },
    ]);
  });

  test("a file of a newer form than the project reads says to update the project", () => {
    expect(upgradeErrors({ schemaVersion: 3 })).toEqual([
      { pointer: "/schemaVersion", message: "written for form 3 of the schema, newer than this project reads (up to 2); update the project, or write the file for form 2" },
    ]);
  });

  test("a file of the current form has nothing to say", () => {
    expect(upgradeErrors({ schemaVersion: 2, id: "x" })).toEqual([]);
  });
});
