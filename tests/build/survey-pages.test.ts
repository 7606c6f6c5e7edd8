// @vitest-environment jsdom
/**
 * What an editor words reaches the prerendered pages, from a real build of a
 * temporary copy of the project: each survey route's HTML carries its own
 * title, lang, description and link-preview tags from its file, and a
 * thank-you heading or a 404 text changed in a JSON file is on the rebuilt
 * pages with no code change.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { copyProject, type ProjectCopy } from "../../scripts/lib/project-copy.ts";
import { surveyFile } from "../support/survey-files.ts";

const SITE_URL = "https://encuesta.example.org";
const NEW_HEADING = "¡Gracias por responder!";
const NEW_NOT_FOUND = "Esta página no existe.";
const IMAGE = "https://encuesta.example.org/preview.png";

let copy: ProjectCopy;
let dist: string;
let firstFormChecks: { fix: string; validate: number | null; output: string };

beforeAll(async () => {
  copy = copyProject();
  // Both shipped surveys end on /thank-you, which they must word alike.
  for (const id of ["medical-form", "foreign-form"]) copy.editSurvey(id, (config) => (config.thankYou.heading = NEW_HEADING));
  copy.editSurvey("medical-form", (config) => {
    config.notFound.text = NEW_NOT_FOUND;
    config.image = IMAGE;
  });
  // A first-form file whose redirect went to "/thank-you" (the site's thank-you page), upgraded beside the shipped surveys.
  copy.addSurveys(["tests/fixtures/surveys/first-form-thank-you/newsletter-form.json"]);
  const validate = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "scripts/validate-surveys.ts", ...args], { cwd: copy.root, encoding: "utf8" });
  const fixed = validate("--fix");
  const checked = validate();
  firstFormChecks = { fix: fixed.stdout, validate: checked.status, output: checked.stdout + checked.stderr };
  dist = await copy.build({ VITE_SITE_URL: SITE_URL });
}, 300_000);

afterAll(() => copy?.remove());

/** The prerendered HTML file, parsed (not run: no script executes). */
const page = (file: string) => new DOMParser().parseFromString(readFileSync(join(dist, file), "utf8"), "text/html");
const copied = (id: string) => resolveSurvey(JSON.parse(readFileSync(join(copy.root, "surveys", `${id}.json`), "utf8")) as SurveyConfig);
const content = (document: Document, selector: string) => document.querySelector(selector)?.getAttribute("content");

describe("prerendered survey routes", () => {
  test.each(["medical-form", "foreign-form"])("%s: title, lang, description, Open Graph, Twitter card and canonical URL come from its file", (id) => {
    const survey = copied(id);
    const document = page(join(survey.route, "index.html"));
    const url = `${SITE_URL}${survey.route}`;
    expect(document.documentElement.lang).toBe(survey.language);
    expect(document.title).toBe(survey.pageTitle);
    expect(document.querySelectorAll("head title")).toHaveLength(1);
    expect(document.querySelectorAll("body meta, body title, body link")).toHaveLength(0);
    expect(content(document, 'meta[name="description"]')).toBe(survey.description);
    expect(content(document, 'meta[property="og:title"]')).toBe(survey.pageTitle);
    expect(content(document, 'meta[property="og:description"]')).toBe(survey.description);
    expect(content(document, 'meta[property="og:url"]')).toBe(url);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(url);
    expect(content(document, 'meta[name="twitter:title"]')).toBe(survey.pageTitle);
    expect(content(document, 'meta[name="twitter:description"]')).toBe(survey.description);
    expect(content(document, 'meta[property="og:image"]')).toBe(survey.image);
    expect(content(document, 'meta[name="twitter:image"]')).toBe(survey.image);
    expect(content(document, 'meta[name="twitter:card"]')).toBe(survey.image ? "summary_large_image" : "summary");
  });

  test("a survey with an image gets a large preview card; one without gets none", () => {
    expect(content(page("index.html"), 'meta[property="og:image"]')).toBe(IMAGE);
    expect(page("foreign-form/index.html").querySelector('meta[property="og:image"]')).toBeNull();
  });
});

describe("an editor's change to the pages around the surveys", () => {
  test("the thank-you heading changed in the JSON files is on the rebuilt page, in the page's own language", () => {
    const { thankYou } = copied("medical-form");
    const document = page(join(thankYou.path, "index.html"));
    expect(document.querySelector("h1")?.textContent).toBe(NEW_HEADING);
    expect(document.body.textContent).not.toContain(resolveSurvey(surveyFile("medical-form")).thankYou.heading);
    expect(document.body.textContent).toContain(thankYou.text);
    expect(document.documentElement.lang).toBe(thankYou.language);
  });

  test("the 404 text changed in the JSON file is on the rebuilt 404 page, in its own language", () => {
    const { notFound } = copied("medical-form");
    const document = page("404.html");
    expect(document.body.textContent).toContain(NEW_NOT_FOUND);
    expect(document.body.textContent).not.toContain(resolveSurvey(surveyFile("medical-form")).notFound.text);
    expect(document.documentElement.lang).toBe(notFound.language);
    expect(document.title).toBe(notFound.pageTitle);
  });
});

describe("a first-form survey that ended on the site's thank-you page", () => {
  test("is upgraded by validate --fix, then validates beside the shipped surveys, which word that page", () => {
    expect(firstFormChecks.fix).toContain("newsletter-form.json: brought up to form");
    expect(firstFormChecks.validate, firstFormChecks.output).toBe(0);
    expect(copied("newsletter-form").thankYou.path).toBe("/thank-you");
  });

  test("the build ends it on /thank-you as the shipped surveys word that page, with no page of its own", () => {
    expect(existsSync(join(dist, "newsletter", "index.html"))).toBe(true);
    expect(page(join("thank-you", "index.html")).querySelector("h1")?.textContent).toBe(NEW_HEADING);
    expect(existsSync(join(dist, "newsletter", "thank-you", "index.html"))).toBe(false);
  });
});
