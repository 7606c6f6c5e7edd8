/** Every problem validate found, in one list above the fields (each is also shown beside its own field). */
import type { Problem } from "./api.ts";

export function ProblemList({ problems }: { problems: Problem[] }) {
  if (!problems.length) return null;
  return (
    <div className="problem-list" role="status">
      <p>{problems.length === 1 ? "1 problem stops the survey from being saved:" : `${problems.length} problems stop the survey from being saved:`}</p>
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
