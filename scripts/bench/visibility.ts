/**
 * What conditions cost per keystroke: src/core/visibility.ts, bundled as the
 * app bundles it, run in Chromium at 4x CPU throttling on a synthetic
 * 200-question survey with 100 conditions (tests and all / any / not
 * combinations over earlier questions, some reading conditional questions).
 *
 * A keystroke in an answer that a condition reads makes the runner compute
 * which questions are asked and where the current one stands
 * (visibilityOf + visiblePosition); nothing else about conditions runs. Each
 * sample times a batch of such keystrokes, each changing the answers, since
 * performance.now() is coarse in a page that is not cross-origin isolated;
 * the figure is the median per keystroke.
 */
import { build } from "vite";
import { chromium } from "playwright-core";
import type { Answers, AnswerValue } from "../../src/core/answers.ts";
import type { Condition, Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { REPO_ROOT } from "./build.ts";
import { CHROMIUM_PATH, CHROME_FLAGS, median } from "./common.ts";
import { CPU_THROTTLING } from "./interaction.ts";

export const QUESTIONS = 200;
export const CONDITIONS = 100;
const SAMPLES = 31;
const KEYSTROKES_PER_SAMPLE = 50;

const OPTIONS = ["Sí", "No", "Tal vez", "Otro"];

/** The four kinds of synthetic question, each with the answer a respondent gives it (`index`: the question's). */
const KINDS: { question: Record<string, unknown>; answer: (index: number) => AnswerValue }[] = [
  { question: { type: "radio", options: OPTIONS }, answer: (index) => ["Sí", "No"][index % 2]! },
  { question: { type: "checkbox", options: OPTIONS }, answer: () => ["No"] },
  { question: { type: "number" }, answer: () => "31" },
  { question: { type: "slider", min: 0, max: 10, default: 5, minLabel: "0", maxLabel: "10" }, answer: (index) => [index % 11] },
];

const kindOf = (index: number) => KINDS[Math.floor(index / 2) % 4]!;

/** Question `index` of the synthetic survey; every odd one has a condition on earlier ones. */
function syntheticQuestion(index: number): Question {
  const base = { id: `q${index}`, title: `Pregunta ${index}`, emoji: "❓", required: true };
  const question = { ...base, ...kindOf(index).question } as Question;
  return index % 2 === 1 ? { ...question, showIf: syntheticCondition(index) } : question;
}

/** Answers a respondent could have given: every kind answered, so conditions do real work. */
function syntheticAnswers(config: SurveyConfig): Answers {
  return Object.fromEntries(config.questions.map((question, index) => [question.id, kindOf(index).answer(index)]));
}

/** A condition reading the question just before (always unconditional) and, half the time, one much earlier (often conditional). */
function syntheticCondition(index: number): Condition {
  const test = (target: number): Condition => {
    const id = `q${target}`;
    switch (Math.floor(target / 2) % 4) {
      case 0: return { question: id, oneOf: ["Sí", "Tal vez"] };
      case 1: return { question: id, includes: "No" };
      case 2: return { question: id, greaterThan: 30 };
      default: return { question: id, atLeast: 5 };
    }
  };
  const near = test(index - 1);
  if (index < 10 || index % 4 === 1) return near;
  const far: Condition = { question: `q${index - 7}`, is: "answered" };
  return index % 8 === 3 ? { all: [near, { not: far }] } : { any: [near, far] };
}

export function syntheticSurvey(): SurveyConfig {
  return {
    id: "bench", route: "/bench", table: "bench", language: "es", pageTitle: "Bench", professionalName: "X",
    questions: Array.from({ length: QUESTIONS }, (_, index) => syntheticQuestion(index)),
  };
}

/** src/core/visibility.ts as an IIFE exposing window.__visibility (minified, as in production). */
async function bundleVisibility(): Promise<string> {
  const output = await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: "warn",
    build: { write: false, minify: true, lib: { entry: "src/core/visibility.ts", formats: ["iife"], name: "__visibility", fileName: "visibility" } },
  });
  const chunk = (Array.isArray(output) ? output[0]! : output as { output: unknown[] }).output[0] as { code: string };
  return chunk.code;
}

export interface VisibilityCost {
  questions: number;
  conditions: number;
  /** Median cost of one keystroke's visibility update, in ms, at CPU_THROTTLING. */
  perKeystrokeMedianMs: number;
  samplesMs: number[];
}

export async function measureVisibility(): Promise<VisibilityCost> {
  const config = syntheticSurvey();
  const conditions = config.questions.filter((question) => question.showIf).length;
  const script = await bundleVisibility();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent("<!doctype html><title>visibility bench</title>");
    await page.addScriptTag({ content: script });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
    const samplesMs = await page.evaluate(
      ({ config, answers, samples, perSample }) => {
        type Visibility = typeof import("../../src/core/visibility.ts");
        const { visibilityOf, visiblePosition } = (window as unknown as { __visibility: Visibility }).__visibility;
        let sink = 0;
        const results: number[] = [];
        for (let sample = 0; sample < samples; sample++) {
          const started = performance.now();
          for (let key = 0; key < perSample; key++) {
            // A keystroke in a number answer that conditions read.
            answers.q4 = String(25 + ((sample + key) % 10));
            const visible = visibilityOf(config, answers);
            sink += visiblePosition(visible, 150).total;
          }
          results.push((performance.now() - started) / perSample);
        }
        if (sink < 0) throw new Error("unreachable");
        return results;
      },
      { config, answers: syntheticAnswers(config), samples: SAMPLES, perSample: KEYSTROKES_PER_SAMPLE },
    );
    return { questions: config.questions.length, conditions, perKeystrokeMedianMs: median(samplesMs), samplesMs };
  } finally {
    await browser.close();
  }
}
