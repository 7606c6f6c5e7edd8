// @vitest-environment jsdom
import "../support/jsdom.ts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { campaignState, type Campaign } from "../../src/core/campaign.ts";
import { SubmitError } from "../../src/data/submit-error.ts";
import type { SubmitResponse } from "../../src/data/submit-response.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { prePaintScript } from "../../src/survey/campaign-notices.tsx";
import { findInput, renderSurvey, submitButton, surveyAt } from "../support/survey-driver.tsx";

const nome: Question = { id: "nomeCompleto", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: true };
const base = { ...surveyAt("/foreign-form"), submitRequiredFields: [], questions: [nome] };
const { messages } = base;
const campaignOnPage = () => document.documentElement.dataset.campaign;

describe("the campaign on the survey page", () => {
  test("after closesAt the page names the closed state, whose notice is in the survey's words", async () => {
    renderSurvey({ ...base, closesAt: "2026-01-01T00:00:00-03:00" });
    expect(campaignOnPage()).toBe("closed");
    expect(screen.getByRole("heading", { name: messages.closedTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.closedDescription)).toBeInTheDocument();
  });

  test("before closesAt it is open", async () => {
    renderSurvey({ ...base, closesAt: "2099-01-01T00:00:00Z", maxResponses: 10 });
    await findInput(nome);
    expect(campaignOnPage()).toBe("open");
  });

  test.each(["full", "closed"] as const)("a submit the database refuses as %s turns to that notice, keeping the answers and showing no error", async (refusal) => {
    const submit = vi.fn<SubmitResponse>().mockRejectedValue(new SubmitError(refusal, "refused"));
    const { user } = renderSurvey({ ...base, closesAt: "2099-01-01T00:00:00Z", maxResponses: 10 }, submit);
    await user.type(await findInput(nome), "Ana");
    await user.click(submitButton());
    await waitFor(() => expect(campaignOnPage()).toBe(refusal));
    expect(screen.getByRole("textbox", { name: nome.title })).toHaveValue("Ana");
    expect(screen.queryByText(messages.errorTitle)).toBeNull();
  });
});

describe("prePaintScript", () => {
  const campaign: Campaign = { opensAt: "2026-12-01T09:00:00-03:00", closesAt: "2026-12-15T00:00:00Z" };
  const opens = Date.parse(campaign.opensAt!);
  const closes = Date.parse(campaign.closesAt!);

  test.each([opens - 1, opens, closes - 1, closes, closes + 1])("decides as campaignState at %i", (now) => {
    const root = { dataset: {} as Record<string, string> };
    new Function("document", "Date", prePaintScript(campaign))({ documentElement: root }, { now: () => now });
    expect(root.dataset.campaign).toBe(campaignState(campaign, now));
  });
});
