/**
 * Anterior, Próximo or Enviar, and the hint. It alone watches the current
 * answer (to enable Próximo and pick the hint), so a keystroke re-renders
 * these buttons, not the whole survey.
 */
import { useWatch } from "react-hook-form";
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
  const value = useWatch({ name: question.id });
  const isValid = validateQuestion(question, { [question.id]: value }, messages) === undefined;
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
