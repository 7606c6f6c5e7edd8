/**
 * The preview's navigation (swapped in for src/survey/use-survey-navigation.ts
 * by scripts/editor/preview-seams.ts): the page's own, opened at the question
 * being edited. The preview sets `previewStart` before it mounts the page.
 */
import { useEffect } from "react";
import { useSurveyNavigation as usePageNavigation } from "../../survey/use-survey-navigation.ts";

export const previewStart = { index: 0 };

export function useSurveyNavigation() {
  const navigation = usePageNavigation();
  const { jumpTo } = navigation;
  useEffect(() => jumpTo(previewStart.index), [jumpTo]);
  return navigation;
}
