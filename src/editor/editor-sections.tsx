/**
 * Links to each part of the editor, always on screen in the sticky bar, so a
 * keyboard user reaches the questions, the database or the history in a few
 * key presses from anywhere (Alt+Shift+S focuses the first link).
 */
import { useEffect, useRef } from "react";
import { useWords } from "./words/use-words.ts";

const SECTIONS = [
  ["#survey-texts", "sectionTexts"],
  ["#jump-links", "sectionQuestions"],
  ["#add-question", "addQuestionLink"],
  ["#database-files", "databaseLink"],
  ["#history", "historyLink"],
] as const;

/** A link moves the focus as well as the view (to the first thing focusable there), so Tab goes on from the section reached. */
export const followLink = (target: string) => (event: React.MouseEvent) => {
  const element = document.querySelector<HTMLElement>(target);
  if (!element) return;
  event.preventDefault();
  const focusable = element.matches("a, button, input, select, textarea, [tabindex]") ? element : element.querySelector<HTMLElement>("a, button, input, select, textarea, [tabindex]");
  (focusable ?? element).focus();
  element.scrollIntoView({ block: "start" });
};

/** The page's first Tab stop, shown when focused: straight to the links to each question. */
export function SkipToQuestions() {
  const words = useWords();
  return (
    <a className="skip-link" href="#jump-links" onClick={followLink("#jump-links")}>
      {words.skipToQuestions}
    </a>
  );
}

export function EditorSections() {
  const words = useWords();
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.altKey && event.shiftKey && event.code === "KeyS")) return;
      event.preventDefault();
      first.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <nav className="editor-sections" aria-label={words.sections}>
      {SECTIONS.map(([target, word], index) => (
        <a key={target} href={target} ref={index === 0 ? first : undefined} onClick={followLink(target)}>
          {words[word]}
        </a>
      ))}
    </nav>
  );
}
