import type { Messages } from "../generated/survey-config.ts";
import { Button } from "../ui/button.tsx";

interface NavigationBarProps {
  messages: Messages;
  canGoBack: boolean;
  canGoForward: boolean;
  isLast: boolean;
  submitDisabled: boolean;
  submitting: boolean;
  isValid: boolean;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

export function NavigationBar(props: NavigationBarProps) {
  const { messages, isLast, submitting } = props;
  return (
    <footer className="navigation">
      <div className="navigation-buttons">
        <Button variant="secondary" onClick={props.onBack} disabled={!props.canGoBack}>
          ← {messages.previous}
        </Button>
        {isLast ? (
          <Button variant="submit" onClick={props.onSubmit} disabled={props.submitDisabled} aria-busy={submitting}>
            {submitting ? messages.submitting : messages.submit}
          </Button>
        ) : (
          <Button variant="primary" onClick={props.onNext} disabled={!props.canGoForward}>
            {messages.next} →
          </Button>
        )}
      </div>
      <p className="navigation-hint">{props.isValid ? messages.hintReady : messages.hintBlocked}</p>
    </footer>
  );
}
