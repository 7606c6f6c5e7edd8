import { NPS_MAX } from "./definition.ts";
import { pointOf } from "../rating/points.ts";
import { PointScale } from "../rating/point-scale.tsx";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";

const POINTS = Array.from({ length: NPS_MAX + 1 }, (_, i) => i);

export default function NpsQuestion({ question, a11y }: QuestionProps<"nps">) {
  const { value, setValue } = useAnswer<number[]>(question.id);
  return <PointScale a11y={a11y} className="nps-scale" name={question.id} points={POINTS} value={pointOf(value, 0, NPS_MAX)} onChange={(point) => setValue([point])} minLabel={question.minLabel} maxLabel={question.maxLabel} />;
}
