/**
 * Wires the form state, the current question and the submission together.
 * Every decision with a branch lives in core/; this file only connects events.
 */
import { useMemo, useRef, type KeyboardEvent } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { emptyAnswers, type Answers } from "../core/answers.ts";
import { withHoneypot } from "../core/honeypot.ts";
import { isLastQuestion } from "../core/navigation.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { validateQuestion, validateSubmission } from "../core/validation.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { LazyToaster } from "../ui/lazy-toaster.tsx";
import { isAdvancingEnter } from "./enter-key.ts";
import { HoneypotField } from "./honeypot-field.tsx";
import { NavigationBar } from "./navigation-bar.tsx";
import { ProgressHeader } from "./progress-header.tsx";
import { QuestionView } from "./question-view.tsx";
import { useSubmission } from "./use-submission.ts";
import { useIdlePrefetch } from "./use-idle-prefetch.ts";
import { useSurveyNavigation } from "./use-survey-navigation.ts";

export function SurveyRunner({ config, submit }: { config: ResolvedSurvey; submit: SubmitResponse }) {
  const form = useForm<Answers>({ defaultValues: useMemo(() => emptyAnswers(config), [config]) });
  const total = config.questions.length;
  const navigation = useSurveyNavigation(total);
  const question = config.questions[navigation.index]!;
  const honeypot = useRef<HTMLInputElement>(null);
  const submission = useSubmission(config, submit, () => withHoneypot(form.getValues(), honeypot.current?.value));
  const hasNavigated = useRef(false);
  useIdlePrefetch(config);
  const state = { index: navigation.index, total, animating: navigation.animating };

  /** Shows the question's error and answers whether it passed. */
  const checkCurrent = () => {
    const error = validateQuestion(question, form.getValues(), config.messages);
    if (error) form.setError(question.id, { type: "required", message: error });
    return !error;
  };

  const move = (step: 1 | -1) => {
    hasNavigated.current = true;
    navigation.go(step);
  };

  const trySubmit = () => {
    if (navigation.isAnimating() || submission.submitting || !checkCurrent()) return;
    const failure = validateSubmission(config, form.getValues());
    if (!failure) return void submission.send();
    hasNavigated.current = true;
    navigation.jumpTo(failure.questionIndex);
    form.setError(config.questions[failure.questionIndex]!.id, { type: "required", message: failure.message });
  };

  const advance = () => {
    if (navigation.isAnimating()) return;
    if (isLastQuestion(state)) trySubmit();
    else if (checkCurrent()) move(1);
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isAdvancingEnter(event.nativeEvent)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.repeat) advance();
  };

  const error = form.formState.errors[question.id]?.message;
  return (
    <FormProvider {...form}>
      <div className="survey-card" onKeyDownCapture={onKeyDownCapture}>
        <HoneypotField ref={honeypot} />
        <ProgressHeader index={navigation.index} total={total} messages={config.messages} />
        <div className="question-stage" data-phase={navigation.phase} data-direction={navigation.direction} inert={navigation.animating}>
          {/* Focus moves in once the slide is over: while it runs the stage is inert and cannot take focus. */}
          <QuestionView key={question.id} question={question} error={error} focusOnShow={hasNavigated.current && !navigation.animating} />
        </div>
        <NavigationBar
          question={question}
          messages={config.messages}
          state={state}
          submitting={submission.submitting}
          onBack={() => move(-1)}
          onNext={advance}
          onSubmit={trySubmit}
        />
      </div>
      <LazyToaster toast={submission.toast} closeLabel={config.messages.closeNotice} onClose={submission.closeToast} />
    </FormProvider>
  );
}
