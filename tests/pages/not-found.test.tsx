// @vitest-environment jsdom
import "../support/jsdom.ts";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { App } from "../../src/app.tsx";
import { surveyAt } from "../support/survey-driver.tsx";
import { MemoryRouter } from "react-router-dom";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("NotFoundPage", () => {
  // Worded by the default survey, the one at "/".
  const { notFound } = surveyAt("/");

  test.each(["/nao-existe", "/foreign-form/extra", "/thank-you/2"])("%s shows the 404 page in its own language with a link home and logs the path", async (path) => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={[path]}>
        <App submit={async () => undefined} />
      </MemoryRouter>,
    );

    // The page is a chunk of its own (lazy), as in the app.
    expect(await screen.findByRole("heading", { name: notFound.heading })).toBeInTheDocument();
    expect(screen.getByText(notFound.text)).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("lang", notFound.language);
    expect(screen.getByRole("link", { name: notFound.buttonLabel })).toHaveAttribute("href", "/");
    // Logged by an effect, which may run a moment after the lazily loaded page is on screen.
    await waitFor(() => expect(consoleError.mock.calls.some((args) => args.some((arg) => String(arg).includes(path)))).toBe(true));
  });
});
