import { Suspense, useEffect, useMemo, useRef } from "react";
import type { Question } from "../generated/survey-config.ts";
import { questionComponent } from "../question-types/inputs.ts";
import { FormField, useFieldA11y } from "../ui/form-field.tsx";

// data-question-focus: where a type's input made of plain buttons (a ranking) wants a keyboard user to land.
const FOCUSABLE = "input:not([aria-hidden=true]), textarea, [role=combobox], [role=radio], [role=checkbox], [role=slider], [data-question-focus]";

/** Where a keyboard user lands: a radio group's chosen option, else the first input (querySelector picks by document order, not by selector order). */
function focusTarget(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>("[role=radio][aria-checked=true]") ?? container.querySelector<HTMLElement>(FOCUSABLE);
}

/** Moves focus into the question once its input is on screen (after lazy loading). */
function FocusFirstInput({ enabled, container }: { enabled: boolean; container: React.RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (!enabled) return;
    // A frame later: the slider thumb stays display:none until Radix's second render, and cannot take focus before.
    const frame = requestAnimationFrame(() => {
      if (container.current) focusTarget(container.current)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [enabled, container]);
  return null;
}

function QuestionInput({ question }: { question: Question }) {
  const a11y = useFieldA11y();
  // Kept while the question is shown: the idle prefetch may load its type's chunk meanwhile, and switching from the
  // lazy component to the loaded one would remount the input and drop its focus.
  const Component = useMemo(() => questionComponent(question.type), [question.type]);
  if (!Component) {
    // Only reachable with a config the validator would refuse; say what could not be shown.
    return <p className="field-error">[survey] no component for question "{question.id}" of type "{question.type}"</p>;
  }
  return <Component question={question as never} a11y={a11y} />;
}

interface QuestionViewProps {
  question: Question;
  error?: string;
  focusOnShow: boolean;
}

export function QuestionView({ question, error, focusOnShow }: QuestionViewProps) {
  const container = useRef<HTMLDivElement>(null);
  return (
    <div ref={container} className="question">
      <FormField title={question.title} subtitle={question.subtitle} emoji={question.emoji} error={error}>
        <Suspense fallback={<div className="question-loading" aria-busy="true" />}>
          <QuestionInput question={question} />
          <FocusFirstInput enabled={focusOnShow} container={container} />
        </Suspense>
      </FormField>
    </div>
  );
}
