/** The definition of a question answered by typing (text, number, textarea, email, phone) and of one answered by choosing one option (radio, select). */
import { CHOICE_TESTS, fitOption, textOf } from "./answers.ts";
import type { QuestionDefinition } from "../types.ts";

type Typed = "text" | "number" | "textarea" | "email" | "phone";
/** What a typed type says itself: its tests and drafts, and, for a type whose text must have a form, its check and stored value. */
type TypedOwn<T extends Typed> = Pick<QuestionDefinition<T>, "tests" | "comparesNumbers" | "fitDraft"> & Partial<Pick<QuestionDefinition<T>, "invalidMessage" | "rowValue">>;
type Chosen = "radio" | "select";

// Written once for the whole family, then cast to one member: TypeScript cannot read a property through a generic Extract.
export const typedAnswer = <T extends Typed>(own: TypedOwn<T>): QuestionDefinition<T> =>
  ({
    kind: "text",
    emptyAnswer: () => "",
    requiredMessage: "required",
    companion: () => undefined,
    withPlaceholders: (question, messages) => ({ ...question, placeholder: question.placeholder ?? messages.answerPlaceholder }),
    rowValue: (_question, value) => textOf(value),
    ...(own as TypedOwn<Typed>),
  }) satisfies QuestionDefinition<Typed> as unknown as QuestionDefinition<T>;

/** An 'other' option may reveal a free text, stored only while that option is chosen. */
export const chosenOption = <T extends Chosen>(withPlaceholders: QuestionDefinition<T>["withPlaceholders"]): QuestionDefinition<T> =>
  ({
    kind: "text",
    emptyAnswer: () => "",
    requiredMessage: "required",
    companion: (question) => (question.other ? { field: question.other, key: "other", revealedBy: question.other.option } : undefined),
    tests: CHOICE_TESTS,
    comparesNumbers: false,
    withPlaceholders: withPlaceholders as QuestionDefinition<Chosen>["withPlaceholders"],
    fitDraft: (question, value) => fitOption(question.options, value),
    rowValue: (_question, value) => textOf(value),
  }) satisfies QuestionDefinition<Chosen> as unknown as QuestionDefinition<T>;

