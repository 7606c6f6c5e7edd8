// @vitest-environment jsdom
import "../support/jsdom.ts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, test } from "vitest";
import { App } from "../../src/app.tsx";
import { surveyAt } from "../support/survey-driver.tsx";

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <App submit={async () => undefined} />
    </MemoryRouter>,
  );
}

describe("ThankYouPage", () => {
  test("thanks the respondent in Portuguese, says the answers were sent and suggests the official channels", async () => {
    renderAt("/thank-you");
    expect(await screen.findByRole("heading", { name: "Muito Obrigado!" })).toBeInTheDocument();
    expect(screen.getByText(/respostas foram enviadas/)).toBeInTheDocument();
    expect(screen.getByText(/canais oficiais/)).toBeInTheDocument();
    expect(document.title).toMatch(/Obrigado/);
  });

  test("'Voltar ao Início' leads back to the survey at /", async () => {
    renderAt("/thank-you");
    const link = await screen.findByRole("link", { name: "Voltar ao Início" });
    expect(link).toHaveAttribute("href", "/");

    await userEvent.setup().click(link);

    expect(await screen.findByRole("textbox", { name: surveyAt("/").questions[0]!.title })).toBeInTheDocument();
  });
});
