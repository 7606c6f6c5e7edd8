// @vitest-environment jsdom
import "../../support/jsdom.ts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, test } from "vitest";
import { validateQuestion } from "../../../src/core/validation.ts";
import type { Question } from "../../../src/generated/survey-config.ts";
import { en } from "../../../src/i18n/en.ts";
import PhoneQuestion from "../../../src/question-types/phone/input.tsx";

const whatsapp = { id: "whatsapp", type: "phone", title: "¿Tu WhatsApp?", emoji: "📞", required: true, defaultCountry: "BR" } as const satisfies Question;
const messages = en.messages as Parameters<typeof validateQuestion>[2];

let answer: () => unknown;
function Form() {
  const form = useForm({ defaultValues: { whatsapp: "" } });
  answer = () => form.getValues("whatsapp");
  return (
    <FormProvider {...form}>
      <PhoneQuestion question={whatsapp} a11y={{ id: "q", "aria-labelledby": "t" }} />
    </FormProvider>
  );
}

describe("phone", () => {
  test.each([
    ["a Brazilian mobile typed as locals write it", "(11) 98765-4321", "+5511987654321"],
    ["an Argentinian one with its +code", "+54 9 11 2345-6789", "+5491123456789"],
  ])("%s becomes E.164 and passes", async (_name, typed, stored) => {
    render(<Form />);
    await userEvent.type(screen.getByRole("textbox"), typed);
    expect(screen.getByRole("textbox")).toHaveValue(typed);
    expect(answer()).toBe(stored);
    expect(validateQuestion(whatsapp, { whatsapp: stored }, messages)).toBeUndefined();
  });

  test.each(["123", "11 9876", "+55 11 98765-43210000"])("%j stays as typed and says phoneInvalid", async (typed) => {
    render(<Form />);
    await userEvent.type(screen.getByRole("textbox"), typed);
    expect(answer()).toBe(typed);
    expect(validateQuestion(whatsapp, { whatsapp: typed }, messages)).toBe(en.messages.phoneInvalid);
  });
});
