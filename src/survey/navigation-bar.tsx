/**
 * Anterior, Próximo or Enviar, and the hint. It alone watches the current
 * answer (to enable Próximo and pick the hint), and renders again only when
 * the answer turns valid or invalid: a keystroke that keeps it valid renders
 * nothing.
 */
import { useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import type { Answers } from "../core/answers.ts";
import { canGoBack, canGoForward, canSubmit, isLastQuestion, type NavigationState } from "../core/navigation.ts";
import { validateQuestion } from "../core/validation.ts";
import type { MessageTexts } from "../core/resolve-survey.ts";
import type { Question } from "../generated/survey-config.ts";
import { Button } from "../ui/button.tsx";

interface NavigationBarProps {
  question: Question;
  messages: MessageTexts;
  state: NavigationState;
  submitting: boolean;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

export function NavigationBar({ question, messages, state, submitting, onBack, onNext, onSubmit }: NavigationBarProps) {
  const isValid = useAnswerValid(question, messages);
  return (
    <footer className="navigation">
      <div className="navigation-buttons">
        <Button variant="secondary" onClick={onBack} disabled={!canGoBack(state)}>
          ← {messages.previous}
        </Button>
        {isLastQuestion(state) ? (
          <Button variant="submit" onClick={onSubmit} disabled={!canSubmit(state) || submitting} aria-busy={submitting}>
            {submitting ? messages.submitting : messages.submit}
          </Button>
        ) : (
          <Button variant="primary" onClick={onNext} disabled={!canGoForward(state, isValid)}>
            {messages.next} →
          </Button>
        )}
      </div>
      <p className="navigation-hint">{isValid ? messages.hintReady : messages.hintBlocked}</p>
    </footer>
  );
}

function useAnswerValid(question: Question, messages: MessageTexts): boolean {
  const { getValues, watch } = useFormContext<Answers>();
  const validNow = () => validateQuestion(question, { [question.id]: getValues(question.id) }, messages) === undefined;
  const [seen, setSeen] = useState(() => ({ id: question.id, valid: validNow() }));
  useEffect(() => {
    // The same object when nothing changed, so that React renders nothing.
    const update = () => setSeen((last) => {
      const valid = validNow();
      return last.id === question.id && last.valid === valid ? last : { id: question.id, valid };
    });
    update();
    // Every change of this answer, and a reset (a draft restored: no name).
    const subscription = watch((_values, { name }) => {
      if (name === undefined || name === question.id) update();
    });
    return () => subscription.unsubscribe();
  }, [question, messages, watch]);
  // Right from the first render of a new question, before the effect has caught up.
  return seen.id === question.id ? seen.valid : validNow();
}
