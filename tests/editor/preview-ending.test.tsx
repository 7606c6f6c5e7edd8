// @vitest-environment jsdom
/**
 * The editor's preview walks the survey as a respondent would and then shows
 * the thank-you page of the ending the walk reached, named above it.
 */
import "../support/jsdom.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import { describe, expect, test, vi } from "vitest";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SubmitResponse } from "../../src/data/submit-response.ts";
import { PreviewPages, PreviewRouter } from "../../src/editor/preview/preview-router.tsx";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { SurveyPage } from "../../src/pages/survey-page.tsx";
import { findInput } from "../support/survey-driver.tsx";

const config = resolveSurvey(JSON.parse(readFileSync("tests/fixtures/surveys/endings/endings-form.json", "utf8")) as SurveyConfig);

describe("the preview's ending", () => {
  test("a walk that answers 'Tal vez' shows the page of the ending 'maybe', named as the ending reached", async () => {
    const user = userEvent.setup();
    const submit = vi.fn<SubmitResponse>().mockResolvedValue(undefined);
    render(
      <PreviewRouter start={config.route}>
        <PreviewPages config={config} survey={<SurveyPage config={config} submit={submit} />} />
      </PreviewRouter>,
    );
    await user.type(await findInput(config.questions[0]!), "Ana");
    await user.click(screen.getByRole("button", { name: new RegExp(config.messages.next) }));
    await user.click(within(await findInput(config.questions[1]!)).getByRole("radio", { name: "Tal vez" }));
    await user.click(screen.getByRole("button", { name: new RegExp(config.messages.submit) }));
    expect(await screen.findByText("Final alcançado: maybe", {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "¡Gracias por considerarlo!" })).toBeVisible();
  });
});
