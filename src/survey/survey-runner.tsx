/**
 * Wires the form state, the current question and the submission together.
 * Every decision with a branch lives in core/; this file only connects events.
 */
import { useMemo, useRef, type KeyboardEvent } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useLocation } from "react-router-dom";
import { SEVERAL_LANGUAGES } from "../core/site-languages.ts";
import { SITE_SHUFFLE } from "../core/site-shuffle.ts";
import { SITE_ARMS } from "../core/site-arms.ts";
import { PARTIAL_RESPONSES } from "../core/site-partial-responses.ts";
import { usePartialResponse } from "../partial-responses/use-partial-response.tsx";
import type { Answers } from "../core/answers.ts";
import type { CampaignRefusal } from "../core/campaign.ts";
import { openingAnswers } from "../core/hidden-fields.ts";
import { withHoneypot } from "../core/honeypot.ts";
import { isLastQuestion } from "../core/navigation.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { uuidV4 } from "../core/uuid.ts";
import { validateQuestion, validateSubmission } from "../core/validation.ts";
import { nextVisibleIndex, previousVisibleIndex, visiblePosition } from "../core/visibility.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { LazyToaster } from "../ui/lazy-toaster.tsx";
import { DraftNotice } from "./draft-notice.tsx";
import { isAdvancingEnter } from "./enter-key.ts";
import { HoneypotField } from "./honeypot-field.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { NavigationBar } from "./navigation-bar.tsx";
import { ProgressHeader } from "./progress-header.tsx";
import { QuestionView } from "./question-view.tsx";
import { useDraft } from "./use-draft.ts";
import { useSubmission } from "./use-submission.ts";
import { useIdlePrefetch } from "./use-idle-prefetch.ts";
import { useRecalledQuestion } from "./use-recalled-question.ts";
import { useShownOrder, withShownOrder } from "./use-shown-order.ts";
import { useArmAssignment, useArmedSurvey } from "./use-arm.ts";
import { useSurveyNavigation } from "./use-survey-navigation.ts";
import { useVisibility } from "./use-visibility.ts";
import { useVisitEvents } from "./use-visit-events.ts";
import { WaitingNotice } from "./waiting-notice.tsx";

interface SurveyRunnerProps {
  config: ResolvedSurvey;
  submit: SubmitResponse;
  /** The database refused the response for the campaign: the page shows that notice (use-campaign.ts). */
  onCampaignRefused?: (refusal: CampaignRefusal) => void;
  /**
   * A refusal of one response per person in the survey's words (use-once.ts), for the partial
   * responses' final save, which replaces `submit` (already so wrapped) and reaches the same gate.
   */
  explainRefusal?: (error: unknown) => unknown;
}

export function SurveyRunner({ config, submit, onCampaignRefused, explainRefusal }: SurveyRunnerProps) {
  const { search } = useLocation();
  // The address's hidden-field values and the visit id are read once, when the survey opens.
  const form = useForm<Answers>({ defaultValues: useMemo(() => (SITE_SHUFFLE ? withShownOrder(config, openingAnswers(config, search, uuidV4())) : openingAnswers(config, search, uuidV4())), [config]) });
  // The questions and options in this respondent's order (src/core/shown-order.ts): everything below sees only that order. A constant of the build, as PARTIAL_RESPONSES.
  if (SITE_SHUFFLE) config = useShownOrder(config, form.control);
  // As this respondent's A/B arm words and orders it (src/core/arms.ts); a constant of the build, as SITE_SHUFFLE.
  if (SITE_ARMS) config = useArmedSurvey(config, form.control);
  const visible = useVisibility(config, form.control);
  const navigation = useSurveyNavigation();
  const question = config.questions[navigation.index]!;
  const shown = useRecalledQuestion(config, question, form);
  // Position and total count the asked questions only ("3 de 5" when two are hidden).
  const { position, total } = visiblePosition(visible, navigation.index);
  const honeypot = useRef<HTMLInputElement>(null);
  const draft = useDraft(config, form, navigation.index, navigation.jumpTo);
  // A constant of the build: the hook is called on every render or on none, and folds away where no survey keeps partial responses.
  const partial = PARTIAL_RESPONSES ? usePartialResponse(config, form, navigation.index, draft, navigation.jumpTo) : undefined;
  // After the partial response's hook: a "continue later" link's visit is put back before its first event. Two calls,
  // not one with an argument that is undefined elsewhere, so that a site without the feature ships the very same bytes.
  const visit = PARTIAL_RESPONSES
    ? useVisitEvents(config, form, question.id, partial?.opened)
    : useVisitEvents(config, form, question.id);
  // After the draft's and the partial response's hooks: a restored arm is there before the database is asked.
  if (SITE_ARMS) useArmAssignment(config, form);
  const partialSubmit: SubmitResponse | undefined =
    partial &&
    (async (...args) => {
      try {
        await partial.submit(...args);
      } catch (error) {
        throw explainRefusal ? explainRefusal(error) : error;
      }
    });
  const submission = useSubmission(config, partialSubmit ?? submit, {
    answers: () => withHoneypot(form.getValues(), honeypot.current?.value),
    responseId: draft.responseId,
    onStored: () => {
      draft.clear();
      visit.submitted();
    },
    onCampaignRefused,
  });
  const hasNavigated = useRef(false);
  useIdlePrefetch(config);
  const state = { index: position, total, animating: navigation.animating };

  /** Shows the question's error and answers whether it passed. */
  const checkCurrent = () => {
    const error = validateQuestion(question, form.getValues(), config.messages, config.language);
    if (error) form.setError(question.id, { type: "required", message: error });
    return !error;
  };

  const move = (step: 1 | -1) => {
    const target = step === 1 ? nextVisibleIndex(visible, navigation.index) : previousVisibleIndex(visible, navigation.index);
    if (target === undefined) return;
    hasNavigated.current = true;
    navigation.go(target);
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

  const startOver = () => {
    hasNavigated.current = true;
    draft.startOver();
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
        {SEVERAL_LANGUAGES && config.languagePages && <LanguageSwitch config={config} />}
        <ProgressHeader index={position} total={total} messages={config.messages} />
        {draft.restored && <DraftNotice messages={config.messages} onStartOver={startOver} />}
        <div className="question-stage" data-phase={navigation.phase} data-direction={navigation.direction} inert={navigation.animating}>
          {/* Focus moves in once the slide is over: while it runs the stage is inert and cannot take focus. */}
          <QuestionView key={question.id} question={shown} error={error} focusOnShow={hasNavigated.current && !navigation.animating} />
        </div>
        <WaitingNotice text={submission.waitingNotice} />
        <NavigationBar
          question={question}
          messages={config.messages}
          state={state}
          submitting={submission.submitting}
          onBack={() => move(-1)}
          onNext={advance}
          onSubmit={trySubmit}
        />
        {/* Spread, not `cond && panel`: a false constant would still leave a `false` child in the built array; an empty spread leaves nothing. */}
        {...(PARTIAL_RESPONSES ? [partial?.panel] : [])}
      </div>
      <LazyToaster toast={submission.toast} closeLabel={config.messages.closeNotice} regionLabel={config.messages.noticesRegion} noticeLabel={config.messages.notice} onClose={submission.closeToast} />
    </FormProvider>
  );
}
