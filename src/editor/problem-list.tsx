/** Every problem validate found, in one list above the fields (each is also shown beside its own field). */
import type { Problem } from "./api.ts";
import { useWords } from "./words/use-words.ts";

export function ProblemList({ problems }: { problems: Problem[] }) {
  const words = useWords();
  if (!problems.length) return null;
  return (
    <div className="problem-list" role="status">
      <p>{problems.length === 1 ? words.problemsOne : words.problemsMany(problems.length)}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.pointer} ${problem.message}`}>
            <code>{problem.pointer || "/"}</code> {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
