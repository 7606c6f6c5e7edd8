import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useEffect, useState } from "react";
import { optionLabel, optionValue } from "../../core/fields.ts";
import type { QuestionProps } from "../input-props.ts";
import { useAnswer } from "../shared/use-answer.ts";
import { rankedCount } from "./definition.ts";
import { moveEntry, shownOrder } from "./order.ts";
import { RankingItem } from "./ranking-item.tsx";
import "./ranking.css";

// A module constant: a new object per render would re-render every sortable item.
const POINTER = { activationConstraint: { distance: 4 } };

export default function RankingQuestion({ question, a11y }: QuestionProps<"ranking">) {
  const { value, setValue } = useAnswer<string[]>(question.id);
  const { id, ...aria } = a11y;
  // The order the respondent arranged (undefined until a move), read against today's options: in the editor's preview an option added, removed or moved in the file shows at once.
  const [arranged, setOrder] = useState<string[]>();
  const order = shownOrder(question, arranged ?? value);
  // The button to focus after a move: the moved option's same button, or its other one at an edge.
  const [focus, setFocus] = useState<string>();
  const sensors = useSensors(useSensor(PointerSensor, POINTER));
  const places = rankedCount(question);
  const labels = new Map(question.options.map((option) => [optionValue(option), optionLabel(option)]));
  const idOf = (option: string) => `${id}-${question.options.findIndex((entry) => optionValue(entry) === option)}`;

  // After a move only (a key of the order, not the array rebuilt at each render: typing elsewhere must not pull the focus back).
  const orderKey = order.join("\n");
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, orderKey]);

  const move = (from: number, to: number) => {
    const next = moveEntry(order, from, to);
    setOrder(next);
    setValue(next.slice(0, places));
  };
  const moveBy = (from: number, by: -1 | 1) => {
    const to = from + by;
    const atEdge = by < 0 ? to === 0 : to === order.length - 1;
    move(from, to);
    setFocus(`${idOf(order[from]!)}-${(by < 0) !== atEdge ? "up" : "down"}`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };

  return (
    <div role="group" {...aria} className="ranking-question">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="ranking-list">
            {order.map((option, index) => (
              <RankingItem
                key={option}
                value={option}
                label={labels.get(option) ?? option}
                rank={index < places ? index + 1 : undefined}
                idPrefix={idOf(option)}
                first={index === 0}
                last={index === order.length - 1}
                moveUpLabel={question.moveUpLabel!}
                moveDownLabel={question.moveDownLabel!}
                onMove={(by) => moveBy(index, by)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {value.length === 0 && (
        <button type="button" className="button button-secondary ranking-keep" onClick={() => {
            setValue(order.slice(0, places));
            setFocus(`${idOf(order[0]!)}-down`);
          }}>
          {question.keepOrderLabel}
        </button>
      )}
    </div>
  );
}
