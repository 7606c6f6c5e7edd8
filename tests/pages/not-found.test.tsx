// @vitest-environment jsdom
import "../support/jsdom.ts";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, test, vi } from "vitest";
import { App } from "../../src/app.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("NotFoundPage", () => {
  test.each(["/nao-existe", "/foreign-form/extra", "/thank-you/2"])("%s shows 'Oops! Page not found' with a link home and logs the path", async (path) => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={[path]}>
        <App submit={async () => undefined} />
      </MemoryRouter>,
    );

    // The page is a chunk of its own (lazy), as in the app.
    expect(await screen.findByText("Oops! Page not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /home/i })).toHaveAttribute("href", "/");
    expect(consoleError.mock.calls.some((args) => args.some((arg) => String(arg).includes(path)))).toBe(true);
  });
});
