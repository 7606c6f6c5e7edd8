import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type HotPayload } from "vite";
import { describe, expect, onTestFinished, test, vi } from "vitest";
import { SURVEY_ROUTES_ID, surveyRouteLines, surveyRoutesPlugin } from "../../scripts/vite-plugin-survey-routes.ts";
import { FIXTURES, scratchDir } from "./helpers.ts";

type RouteTable = { surveyRoutes: { id: string; route: string; thankYouPath: string; load: () => Promise<{ questions: unknown[] }> }[]; defaultSurveyId: string | null };

describe("surveyRoutesPlugin", { timeout: 60_000 }, () => {
  test("lists each survey's id, route and thank-you page and the default survey, loads its config on demand, and reloads the page in dev when a route changes", async () => {
    const root = scratchDir();
    const file = join(root, "surveys/newsletter-form.json");
    mkdirSync(join(root, "surveys"));
    cpSync(join(FIXTURES, "valid/newsletter-form.json"), file);
    const server = await createServer({ root, configFile: false, logLevel: "silent", plugins: [surveyRoutesPlugin()], server: { port: 0 } });
    onTestFinished(() => server.close());
    const sent: HotPayload[] = [];
    vi.spyOn(server.ws, "send").mockImplementation((payload: HotPayload | string) => void sent.push(payload as HotPayload));
    await server.listen();
    const valid = JSON.parse(readFileSync(file, "utf8")) as { id: string; route: string; questions: unknown[] };

    const table = (await server.ssrLoadModule(SURVEY_ROUTES_ID)) as RouteTable;
    expect(table.surveyRoutes.map(({ id, route, thankYouPath }) => ({ id, route, thankYouPath }))).toEqual([{ id: "newsletter-form", route: "/newsletter", thankYouPath: "/newsletter/thank-you" }]);
    // The only survey, so the default one: its file words the 404 page.
    expect(table.defaultSurveyId).toBe("newsletter-form");
    expect((await table.surveyRoutes[0]!.load()).questions).toEqual(valid.questions);

    writeFileSync(file, JSON.stringify({ ...valid, route: "/renamed-newsletter" }));
    await vi.waitFor(() => expect(sent).toContainEqual({ type: "full-reload" }), 20_000);
    const reloaded = (await server.ssrLoadModule(SURVEY_ROUTES_ID)) as RouteTable;
    expect(reloaded.surveyRoutes.map(({ route, thankYouPath }) => ({ route, thankYouPath }))).toEqual([{ route: "/renamed-newsletter", thankYouPath: "/renamed-newsletter/thank-you" }]);
  });

  test("a survey with endings has a page per conditional ending beside its default thank-you page", () => {
    const [line] = surveyRouteLines(join(FIXTURES, "endings"));
    expect(line).toMatchObject({
      thankYouPath: "/finales/thank-you",
      wordsThankYou: true,
      endingPages: [
        { ending: "interested", path: "/finales/thank-you/interested" },
        { ending: "maybe", path: "/finales/thank-you/maybe" },
      ],
    });
  });
});
