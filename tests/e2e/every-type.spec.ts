/**
 * The every-type fixture (tests/fixtures/surveys/every-type) walked at 360 px,
 * once by keyboard alone and once by touch (taps, and a finger's drag for the
 * ranking), on a stack of this file's own: each walk stores exactly the
 * expected row. The older types, the ranking and the matrix are answered by
 * the shared driver; the other newer ones here, by role and accessible name.
 */
import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { draftNotice, waitForDraftAt } from "./support/draft.ts";
import { expectMatrix } from "./support/driver-matrix.ts";
import { expectRanked } from "./support/driver-ranking.ts";
import { SurveyDriver, type InputMode } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { screenshot } from "./support/screenshots.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurveyFile, titleOf, uniqueName, type Answer } from "./support/survey.ts";
import { DESKTOP, expect, PHONE, test } from "./support/test.ts";

const FIXTURE = "tests/fixtures/surveys/every-type";
const survey = loadSurveyFile(`${FIXTURE}/every-type.json`);

test.use({ reducedMotion: "reduce", viewport: PHONE });

const spec = fixtureStack(FIXTURE);

const OLDER: (name: string) => Answer[] = (name) => [
  { type: "text", text: name },
  { type: "number", text: "34" },
  { type: "textarea", text: "Hola" },
  { type: "select", option: "Brasil" },
  { type: "radio", option: "Revalidando" },
  { type: "checkbox", options: ["Instagram", "TikTok"] },
  { type: "slider", value: 4 },
];

const expectedRow = (name: string) => ({
  nome: name,
  idade: "34",
  comentario: "Hola",
  pais: "Brasil",
  etapa: "Revalidando",
  redes: ["Instagram", "TikTok"],
  horas: 4,
  utilidad: 4,
  recomendaria: 9,
  correo: "Ana@ejemplo.com",
  whatsapp: "+5511987654321",
  fecha_examen: "2030-06-06",
  prioridades: ["Empleo", "Revalida", "Idioma"],
  intereses: { "Clases en vivo": "Mucho", Simulacros: "Nada", Mentoria: "Algo" },
  visit_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown as string,
});

const byTitle = (page: Page, role: "radiogroup" | "textbox", index: number): Locator => page.getByRole(role, { name: titleOf(survey, survey.questions[index]!), exact: true });
const index = (id: string) => survey.questions.findIndex((question) => question.id === id);

/** Arrows move and choose in a radio group: from the first point, `steps` to the right. */
async function pickByKeyboard(driver: SurveyDriver, group: Locator, steps: number): Promise<void> {
  await driver.tabTo(group, { within: true });
  for (let step = 0; step < steps; step++) await driver.page.keyboard.press("ArrowRight", { delay: 80 });
}

/** axe-core (WCAG 2.1 A/AA) on the screen; a violation fails the test at its end, after every screen was audited. */
async function audit(page: Page, screen: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe on ${screen}`).toBe("");
}

type Check = (screen: string) => Promise<void>;

interface Hooks {
  /** On each newer type's screen, empty and answered. */
  check?: Check;
  /** On every question's screen once answered. */
  answered?: (index: number) => Promise<void>;
  /** On the last question, answered, before sending. */
  beforeSend?: (driver: SurveyDriver) => Promise<void>;
}

const RANKED = ["Empleo", "Revalida", "Idioma"];
const RATED = { "Clases en vivo": "Mucho", Simulacros: "Nada", Mentoria: "Algo" };

async function walk(page: Page, mode: InputMode, name: string, { check, answered, beforeSend }: Hooks = {}): Promise<void> {
  /** Answers the question at `index` with `answer`, running `check` on its screen empty and answered. */
  const newType = async (index: number, answer: () => Promise<void>) => {
    const id = survey.questions[index]!.id;
    await check?.(`${id}, empty`);
    await answer();
    await check?.(`${id}, answered`);
    await answered?.(index);
  };
  const driver = new SurveyDriver(page, survey, mode, spec.stack.baseURL);
  const touch = mode === "touch";
  await driver.open();
  const older = OLDER(name);
  for (let i = 0; i < older.length; i++) {
    await driver.answer(i, older[i]!);
    await answered?.(i);
    await driver.next(i);
  }
  const rating = byTitle(page, "radiogroup", index("utilidad"));
  await newType(index("utilidad"), () => (touch ? rating.getByRole("radio", { name: "4", exact: true }).tap() : pickByKeyboard(driver, rating, 3)));
  await expect(rating.getByRole("radio", { name: "4", exact: true })).toBeChecked();
  await driver.next(index("utilidad"));

  const nps = byTitle(page, "radiogroup", index("recomendaria"));
  await newType(index("recomendaria"), () => (touch ? nps.getByRole("radio", { name: "9", exact: true }).tap() : pickByKeyboard(driver, nps, 9)));
  await expect(nps.getByRole("radio", { name: "9", exact: true })).toBeChecked();
  await driver.next(index("recomendaria"));

  for (const [id, typed] of [["correo", "Ana@Ejemplo.COM"], ["whatsapp", "(11) 98765-4321"]] as const) {
    const field = byTitle(page, "textbox", index(id));
    await newType(index(id), async () => {
      if (touch) await field.tap();
      else await driver.tabTo(field);
      await page.keyboard.type(typed);
    });
    await driver.next(index(id));
  }

  const date = page.locator(".question input[type=date]");
  await expect(date).toHaveAccessibleName(titleOf(survey, survey.questions[index("fechaExamen")]!));
  await newType(index("fechaExamen"), async () => {
    if (touch) {
      // The platform's picker is outside the page; a tap focuses the field and the date is set as the picker would.
      await date.tap();
      await date.fill("2030-06-06");
    } else {
      await driver.tabTo(date);
      // Segments move on by themselves; the day equals the month, so the segments' order (the platform's, dd/mm or mm/dd) does not matter.
      await page.keyboard.type("06062030");
    }
    await expect(date).toHaveValue("2030-06-06");
  });
  await driver.next(index("fechaExamen"));

  // Empleo is third: by touch a finger drags it to the first place; by keyboard its "move up" button does.
  await newType(index("prioridades"), () => driver.answer(index("prioridades"), { type: "ranking", order: RANKED }));
  await driver.next(index("prioridades"));
  await newType(index("intereses"), () => driver.answer(index("intereses"), { type: "matrix", rows: RATED }));
  await beforeSend?.(driver);
  await submitAndExpectThankYou(driver);
}

test("a keyboard walk at 360 px stores the exact row; axe finds nothing on the newer types' screens", async ({ page }) => {
  const name = uniqueName("teclado");
  await walk(page, "keyboard", name, { check: (screen) => audit(page, `${screen} at 360 px`) });
  expectRowToMatch(await waitForOneRow(spec.access, survey.table, name, "nome"), expectedRow(name));
});

test("a reload on the last question restores each newer type's answer from the draft, and the row is still exact", async ({ page }) => {
  const name = uniqueName("borrador");
  await walk(page, "mouse", name, {
    async beforeSend(driver) {
      const last = index("intereses");
      await page.reload();
      await waitForDraftAt(page, survey, last);
      await driver.expectQuestion(last);
      await expect(draftNotice(page, survey)).toBeVisible();
      await expectMatrix(driver, last, RATED);
      const shown: Record<string, () => Promise<void>> = {
        prioridades: () => expectRanked(driver, index("prioridades"), RANKED),
        fechaExamen: () => expect(page.locator(".question input[type=date]")).toHaveValue("2030-06-06"),
        // Held as the number it parsed to, whatever was typed.
        whatsapp: () => expect(byTitle(page, "textbox", index("whatsapp"))).toHaveValue("+5511987654321"),
        correo: () => expect(byTitle(page, "textbox", index("correo"))).toHaveValue("Ana@Ejemplo.COM"),
        recomendaria: () => expect(byTitle(page, "radiogroup", index("recomendaria")).getByRole("radio", { name: "9", exact: true })).toBeChecked(),
        utilidad: () => expect(byTitle(page, "radiogroup", index("utilidad")).getByRole("radio", { name: "4", exact: true })).toBeChecked(),
      };
      // Back through every newer type, each showing its answer, then forward again to send.
      for (let at = last; at > index("utilidad"); at--) {
        await driver.back(at);
        await driver.expectQuestion(at - 1);
        await shown[survey.questions[at - 1]!.id]!();
      }
      for (let at = index("utilidad"); at < last; at++) await driver.next(at);
      await driver.expectQuestion(last);
    },
  });
  expectRowToMatch(await waitForOneRow(spec.access, survey.table, name, "nome"), expectedRow(name));
});

test.describe("by touch", () => {
  test.use({ hasTouch: true, isMobile: true });

  test("a touch walk at 360 px stores the exact row (and screenshots/question-types/<type>.png, the docs' pictures in docs/question-types/, show each answered question)", async ({ page }) => {
    const name = uniqueName("toque");
    await walk(page, "touch", name, { answered: (i) => screenshot(page, `question-types/${survey.questions[i]!.type}`) });
    expectRowToMatch(await waitForOneRow(spec.access, survey.table, name, "nome"), expectedRow(name));
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: DESKTOP });

  test("axe finds nothing on the newer types' screens, empty and answered", async ({ page }) => {
    await walk(page, "keyboard", uniqueName("escritorio"), { check: (screen) => audit(page, `${screen} at 1280 px`) });
  });
});
