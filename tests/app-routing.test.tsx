// @vitest-environment jsdom
import "./support/jsdom.ts";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { BrowserRouter } from "react-router-dom";
import { afterEach, describe, expect, test } from "vitest";
import { App } from "../src/app.tsx";
import { surveyAt } from "./support/survey-driver.tsx";

/** The app on jsdom's real history, as main.tsx renders it, at `url`. */
function renderAt(url: string) {
  window.history.replaceState(null, "", url);
  render(
    <BrowserRouter>
      <App submit={async () => undefined} />
    </BrowserRouter>,
  );
}

afterEach(() => window.history.replaceState(null, "", "/"));

const home = surveyAt("/");
const foreign = surveyAt("/foreign-form");
const { thankYou } = home;

describe("App routing (react-router-dom, on the page's history)", () => {
  // First in this file, so that the survey's chunk at "/" is not loaded yet when the link is followed.
  test("the thank-you page's link moves in place, the page stays on screen while the next one's chunk loads, and Back returns", async () => {
    renderAt(`${thankYou.path}?utm_source=ig`);
    const heading = await screen.findByRole("heading", { level: 1, name: thankYou.heading });
    // Watched on every change of the page: some page's heading is on screen (a non-transition move would blank it).
    const blanks: string[] = [];
    const watcher = new MutationObserver(() => {
      const headings = screen.queryAllByRole("heading", { level: 1 });
      if (!headings.some((shown) => shown.isConnected && !shown.closest("[style*='display: none']"))) blanks.push(document.body.innerHTML);
    });
    watcher.observe(document.body, { subtree: true, childList: true, attributes: true });

    const followed = fireEvent.click(screen.getByRole("link", { name: thankYou.buttonLabel }));
    expect(followed, "the click does not load a new document").toBe(false);
    expect(heading, "the thank-you page stays until the survey's chunk has loaded").toBeVisible();
    expect(await screen.findByRole("heading", { level: 1, name: home.questions[0]!.title })).toBeVisible();
    watcher.disconnect();
    expect(blanks, "nothing shown in between").toEqual([]);
    expect(window.location.pathname).toBe(thankYou.buttonTo);

    act(() => window.history.back());
    expect(await screen.findByRole("heading", { level: 1, name: thankYou.heading })).toBeInTheDocument();
    expect(window.location.search).toBe("?utm_source=ig");
  });

  test("a click on a link that asks for a new tab or window (Ctrl, ⌘, Shift, middle button) is left to the browser", async () => {
    renderAt(thankYou.path);
    const link = await screen.findByRole("link", { name: thankYou.buttonLabel });
    expect(link).toHaveAttribute("href", thankYou.buttonTo);
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
    expect(window.location.pathname).toBe(thankYou.path);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(thankYou.heading);
  });

  test.each([
    ["/foreign-form/", foreign],
    ["/Foreign-Form", foreign],
    ["/FOREIGN-FORM/?utm_source=ig", foreign],
    [`${thankYou.path.toUpperCase()}/`, undefined],
  ])("%s, with a trailing slash or capitals as people type and paste addresses, still names its page", async (url, survey) => {
    renderAt(url);
    const name = survey ? survey.questions[0]!.title : thankYou.heading;
    expect(await screen.findByRole("heading", { level: 1, name })).toBeInTheDocument();
  });

  test.each(["/foreign-form/extra", "/foreign", "/thank-you/2"])("%s, a longer or a shorter path, is the 404 page", async (url) => {
    const quiet = console.error;
    console.error = () => {};
    try {
      renderAt(url);
      expect(await screen.findByRole("heading", { level: 1, name: home.notFound.heading })).toBeInTheDocument();
    } finally {
      console.error = quiet;
    }
  });
});
