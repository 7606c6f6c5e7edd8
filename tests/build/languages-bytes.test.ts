/**
 * What a survey's languages cost its first load, from real production builds
 * of the three-language fixture and of the same survey written in one
 * language, once per language: the page in each language loads at most 1 KB
 * (gzip) more than that one-language page, and none of it carries another language's texts (each language is a
 * config chunk of its own, loaded only by its page or on a switch). Bytes are
 * stable, so they are tested.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildOf, type BuiltSite, removeBuilds } from "../support/first-load-files.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/bench/build.ts";
import { measureBuild } from "../../scripts/bench/first-load.ts";
import { translateSurvey } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const FIXTURE = join(REPO_ROOT, "tests/fixtures/surveys/trilingual");
const PAGES = { es: "/trilingue", "pt-BR": "/trilingue/pt-BR", en: "/trilingue/en" } as const;
const scratch = mkdtempSync(join(tmpdir(), "rmj-languages-"));

/** A production build of the surveys in `dir`. */

/** HTML, JS and CSS each page loads first, gzip; the texts of those files, and of its scripts alone. */
function firstLoads(build: BuiltSite, routes: string[]) {
  return new Map(
    measureBuild(build.outDir, routes).routes.map((measured) => {
      const files = [measured.htmlFile, ...measured.js.map((asset) => asset.file)];
      const gzip = measured.html.gzip + measured.jsTotal.gzip + measured.cssTotal.gzip;
      const read = (file: string) => readFileSync(join(build.outDir, file), "utf8");
      return [measured.route, { gzip, files, text: files.map(read).join("\n"), scripts: measured.js.map((asset) => read(asset.file)).join("\n") }];
    }),
  );
}

let one: ReturnType<typeof firstLoads>;
let three: ReturnType<typeof firstLoads>;
let threeBuild: BuiltSite;

beforeAll(async () => {
  // The same survey in one language, once per language (as if written in it), side by side in one build.
  const oneLanguage = join(scratch, "one");
  mkdirSync(oneLanguage);
  const source = JSON.parse(readFileSync(join(FIXTURE, "trilingual.json"), "utf8")) as SurveyConfig;
  for (const language of Object.keys(PAGES)) {
    const translation = language === source.language ? undefined : JSON.parse(readFileSync(join(FIXTURE, "translations", `trilingual.${language}.json`), "utf8"));
    const { languages: _languages, ...config } = translateSurvey(source, language, translation);
    const id = `one-${language.toLowerCase()}`;
    writeFileSync(join(oneLanguage, `${id}.json`), JSON.stringify({ ...config, id, route: `/${id}`, table: `${id.replaceAll("-", "_")}_responses` }, null, 2));
  }
  one = firstLoads(await buildOf(oneLanguage), Object.keys(PAGES).map((language) => `/one-${language.toLowerCase()}`));
  threeBuild = await buildOf(FIXTURE);
  three = firstLoads(threeBuild, Object.values(PAGES));
}, 400_000);

afterAll(() => {
  removeBuilds();
  rmSync(scratch, { recursive: true, force: true });
});

describe("first load of a survey in three languages", () => {
  test.each(Object.entries(PAGES))("in %s (%s): at most 1 KB gzip more than the survey in that one language", (language, route) => {
    const extra = three.get(route)!.gzip - one.get(`/one-${language.toLowerCase()}`)!.gzip;
    expect(extra, `${route}: ${extra} B more`).toBeLessThanOrEqual(1024);
  });

  test("each page's scripts carry the language switch, and none of the other languages' texts", () => {
    const titles = { es: "¿Cómo te llamas?", "pt-BR": "Qual é o seu nome?", en: "What is your name?" };
    for (const [language, route] of Object.entries(PAGES)) {
      const { scripts, text } = three.get(route)!;
      expect(scripts.includes("page-links"), `${route}'s scripts carry the switch`).toBe(true);
      for (const [other, title] of Object.entries(titles)) expect(text.includes(title), `${route} holds the ${other} title`).toBe(other === language);
    }
  });

  test("a site whose surveys have one language each carries none of the switch, its routes per language or the recorded language", () => {
    for (const language of Object.keys(PAGES)) {
      const { scripts } = one.get(`/one-${language.toLowerCase()}`)!;
      expect(scripts.includes("page-links"), "the switch").toBe(false);
      // The language column's pointer in the file, which only the recorded language's field names.
      expect(scripts.includes("/languages"), "the recorded language").toBe(false);
    }
  });

  test("each page names the others for crawlers and link previews: hreflang links to all three, og:locale:alternate for the two others", () => {
    for (const [language, route] of Object.entries(PAGES)) {
      const html = readFileSync(join(threeBuild.outDir, three.get(route)!.files[0]!), "utf8");
      const hreflang = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((match) => [match[1], match[2]]);
      expect(hreflang).toEqual(Object.entries(PAGES));
      const alternates = [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"/g)].map((match) => match[1]);
      expect(alternates).toEqual(Object.keys(PAGES).filter((other) => other !== language).map((other) => other.replace("-", "_")));
      expect(html).toContain(`<meta property="og:locale" content="${language.replace("-", "_")}"/>`);
    }
  });
});
