import { DEFAULT_POINTS, pointOf } from "./points.ts";
import { PointScale } from "./point-scale.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

export default function RatingQuestion({ question, a11y }: QuestionProps<"rating">) {
  const { value, setValue } = useAnswer<number[]>(question.id);
  const count = question.points ?? DEFAULT_POINTS;
  const points = Array.from({ length: count }, (_, i) => i + 1);
  return (
    <PointScale a11y={a11y} className="rating-scale" name={question.id} points={points} value={pointOf(value, 1, count)} onChange={(point) => setValue([point])} stars={question.display !== "numbers"} minLabel={question.minLabel} maxLabel={question.maxLabel} />
  );
}
