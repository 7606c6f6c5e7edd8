import { expect, test } from "vitest";
import { conditionErrors } from "../../scripts/lib/condition-checks.ts";
import { syntheticSurvey } from "../../scripts/bench/visibility.ts";
import { emptyAnswers } from "../../src/core/answers.ts";
import { visibilityOf } from "../../src/core/visibility.ts";

test("the bench's synthetic survey is what it claims: 200 questions, 100 valid conditions that hide some questions", () => {
  const config = syntheticSurvey();
  expect(config.questions).toHaveLength(200);
  expect(config.questions.filter((question) => question.showIf)).toHaveLength(100);
  expect(conditionErrors(config)).toEqual([]);
  const visible = visibilityOf(config, emptyAnswers(config));
  expect(visible.filter(Boolean).length).toBeLessThan(200);
});
