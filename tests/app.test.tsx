// @vitest-environment jsdom
import "./support/jsdom.ts";
import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { App } from "../src/app.tsx";
import { surveyRoutes } from "../src/config/load-surveys.ts";
import { progressText } from "./support/survey-driver.tsx";
import { surveys, surveyForRoute } from "./support/surveys.ts";
import { MemoryRouter } from "react-router-dom";

describe("App", () => {
  test("serves one route per survey file: / and /foreign-form", () => {
    expect(surveys.map((survey) => survey.route).sort()).toEqual(["/", "/foreign-form"]);
    expect(surveyRoutes.map((survey) => survey.route).sort()).toEqual(["/", "/foreign-form"]);
  });

  test.each(surveyRoutes.map((survey) => [survey.route, survey] as const))("%s loads its own survey file, on demand", async (route, survey) => {
    expect(await survey.load()).toEqual(surveyForRoute(route));
  });

  test.each(surveys.map((survey) => [survey.route, survey] as const))("%s shows its survey's first question, progress and title", async (route, survey) => {
    render(
      <MemoryRouter initialEntries={[route]}>
        <App submit={async () => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("textbox", { name: survey.questions[0]!.title })).toBeInTheDocument();
    expect(screen.getByText(progressText(survey, 0))).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(Math.round(100 / survey.questions.length)));
    expect(document.title).toBe(survey.pageTitle);
    expect(screen.getByRole("main")).toHaveAttribute("lang", survey.language);
  });

  test("the two surveys differ only where the spec says: cidade on /, pais on /foreign-form", () => {
    const ids = (route: string) => surveys.find((survey) => survey.route === route)!.questions.map((question) => question.id);
    expect(ids("/")).toContain("cidade");
    expect(ids("/")).not.toContain("pais");
    expect(ids("/foreign-form")).toContain("pais");
    expect(ids("/foreign-form")).not.toContain("cidade");
    expect(ids("/").filter((id) => id !== "cidade")).toEqual(ids("/foreign-form").filter((id) => id !== "pais"));
  });
});
