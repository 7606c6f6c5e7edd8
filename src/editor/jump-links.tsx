/** Links to each question, by its emoji and title, so a keyboard user does not tab through the whole survey. */
import type { Question } from "../generated/survey-config.ts";
import { useWords } from "./words/use-words.ts";

export function JumpLinks({ questions }: { questions: Pick<Question, "id" | "title" | "emoji">[] }) {
  const words = useWords();
  return (
    <nav className="jump-links" aria-label={words.jumpTo} id="jump-links">
      <ol>
        {questions.map((question, index) => (
          <li key={`${question.id}-${index}`}>
            <a href={`#question-${index}`}>{`${index + 1}. ${question.emoji ?? ""} ${question.title || words.untitled}`.replace(/ {2,}/g, " ")}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
