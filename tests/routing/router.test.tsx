// @vitest-environment jsdom
import "../support/jsdom.ts";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { browserHistory, memoryHistory, type PageHistory } from "../../src/routing/page-history.ts";
import { Link, Router, useLocation, useNavigate } from "../../src/routing/router.tsx";

/** Two pages that link to each other, and a button that moves by code (as the survey does after a submit). */
function Pages() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <main>
      <h1>{pathname === "/b" ? "Page B" : "Page A"}</h1>
      <p>query: {search}</p>
      <Link to={pathname === "/b" ? "/" : "/b"}>other page</Link>
      <button type="button" onClick={() => navigate("/b?from=button")}>go by code</button>
    </main>
  );
}

const renderWith = (history: PageHistory) => render(<Router history={history}><Pages /></Router>);

afterEach(() => window.history.replaceState(null, "", "/"));

describe("Router on the page's own history", () => {
  test("a link moves in place, the address bar follows, and Back returns to the page before", async () => {
    window.history.replaceState(null, "", "/?utm_source=ig");
    renderWith(browserHistory());
    expect(screen.getByRole("heading")).toHaveTextContent("Page A");
    expect(screen.getByText("query: ?utm_source=ig")).toBeInTheDocument();

    const followed = fireEvent.click(screen.getByRole("link", { name: "other page" }));
    expect(followed, "the click does not load a new document").toBe(false);
    expect(await screen.findByRole("heading", { name: "Page B" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/b");

    act(() => window.history.back());
    expect(await screen.findByRole("heading", { name: "Page A" })).toBeInTheDocument();
    expect(window.location.search).toBe("?utm_source=ig");
  });

  test("a click that asks for a new tab or window (Ctrl, ⌘, Shift, middle button) is left to the browser", () => {
    renderWith(browserHistory());
    const link = screen.getByRole("link", { name: "other page" });
    expect(link).toHaveAttribute("href", "/b");
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      // Seen after the app's handler: whether the browser would open the link; then held back, as jsdom cannot.
      let leftToBrowser: boolean | undefined;
      const observe = (event: MouseEvent) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault();
      };
      window.addEventListener("click", observe);
      fireEvent.click(link, init);
      window.removeEventListener("click", observe);
      expect(leftToBrowser, JSON.stringify(init)).toBe(true);
    }
    expect(window.location.pathname).toBe("/");
    expect(screen.getByRole("heading")).toHaveTextContent("Page A");
  });
});

describe("Router on a history in memory (prerendering, tests)", () => {
  test("starts at the given address and moves by code, query included", async () => {
    const history = memoryHistory("/?x=1");
    renderWith(history);
    expect(screen.getByText("query: ?x=1")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "go by code" }));
    await waitFor(() => expect(screen.getByRole("heading")).toHaveTextContent("Page B"));
    expect(screen.getByText("query: ?from=button")).toBeInTheDocument();
    expect(history.location).toEqual({ pathname: "/b", search: "?from=button" });
    expect(window.location.pathname, "the page's own address is untouched").toBe("/");
  });

  test("a page outside a Router says what it lacks", () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Pages />)).toThrow(/need a <Router> above them/);
    } finally {
      console.error = quiet;
    }
  });
});
