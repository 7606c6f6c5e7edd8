/**
 * Navigation between questions: forward only from a valid, non-last question;
 * back only above the first; nothing while the slide animation runs.
 */
export const ANIMATION = { leaveMs: 300, enterMs: 100 } as const;

export interface NavigationState {
  index: number;
  total: number;
  animating: boolean;
}

export const isLastQuestion = ({ index, total }: NavigationState) => index === total - 1;

export const canGoBack = (state: NavigationState) => !state.animating && state.index > 0;

export const canGoForward = (state: NavigationState, currentIsValid: boolean) =>
  !state.animating && currentIsValid && !isLastQuestion(state);

export const canSubmit = (state: NavigationState) => !state.animating && isLastQuestion(state);
