// @vitest-environment jsdom
import "../support/jsdom.ts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { App } from "../../src/app.tsx";
import { surveyAt } from "../support/survey-driver.tsx";
import { MemoryRouter } from "react-router-dom";

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <App submit={async () => undefined} />
    </MemoryRouter>,
  );
}

describe("ThankYouPage", () => {
  const { thankYou } = surveyAt("/");

  test("thanks the respondent in the page's own language, says the answers were sent and shows the tip", async () => {
    renderAt(thankYou.path);
    // The page is a chunk of its own (lazy), as in the app.
    expect(await screen.findByRole("heading", { name: thankYou.heading })).toBeInTheDocument();
    expect(screen.getByText(thankYou.text)).toBeInTheDocument();
    expect(screen.getByText(thankYou.tip!)).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("lang", thankYou.language);
    // Set by an effect, which may run a moment after the lazily loaded page is on screen.
    await waitFor(() => expect(document.documentElement.lang).toBe(thankYou.language));
    expect(document.title).toBe(thankYou.pageTitle);
  });

  test("its button leads back to the survey at /", async () => {
    renderAt(thankYou.path);
    const link = await screen.findByRole("link", { name: thankYou.buttonLabel });
    expect(link).toHaveAttribute("href", "/");

    await userEvent.setup().click(link);

    expect(await screen.findByRole("textbox", { name: surveyAt("/").questions[0]!.title })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe(surveyAt("/").language));
  });

  test("both shipped surveys end on this one page", () => {
    expect(surveyAt("/foreign-form").thankYou).toEqual(thankYou);
  });
});
