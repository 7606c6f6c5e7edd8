/**
 * A list whose items can be dragged into a new order (dnd-kit: pointer, and
 * keyboard with Space on the handle then the arrow keys, announced to screen
 * readers). Each item also has move up/down buttons (ItemMoves), so a
 * reorder never needs dragging (WCAG 2.5.7).
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import { useWords } from "./words/use-words.ts";

type Noun = "question" | "option";

interface SortableListProps {
  /** One stable key per item, in order. */
  keys: string[];
  onMove: (from: number, to: number) => void;
  children: (index: number, handle: ReactNode) => ReactNode;
  /** What an item is, for the drag handle's name. */
  noun: Noun;
  names: string[];
  className?: string;
}

function SortableItem({ id, name, noun, children }: { id: string; name: string; noun: Noun; children: (handle: ReactNode) => ReactNode }) {
  const words = useWords();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={words.drag(noun === "question" ? words.nounQuestion : words.nounOption, name)} aria-roledescription="drag handle">
      ⠿
    </button>
  );
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} data-dragging={isDragging || undefined}>
      {children(handle)}
    </li>
  );
}

// Module constants: new options on a render would give DndContext a new value, and that re-renders every sortable item
// below it, the options of every question included (a context's change reaches through nested providers of it).
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

export function SortableList({ keys, onMove, children, noun, names, className }: SortableListProps) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className={className}>
          {keys.map((key, index) => (
            <SortableItem key={key} id={key} name={names[index]!} noun={noun}>
              {(handle) => children(index, handle)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** Drag keys from ids that stay put while an item is edited (an option's value, a question's id); a repeated one is told apart by place. */
export const uniqueKeys = (ids: string[]) => ids.map((id, index) => (ids.indexOf(id) === index ? id : `${id}#${index}`));

/**
 * Move up / move down buttons for the item at `index` of `count`. At an end
 * a button is aria-disabled rather than disabled, so the focus stays on it
 * after the move that took the item there.
 */
export function ItemMoves({ index, count, name, onMove }: { index: number; count: number; name: string; onMove: (from: number, to: number) => void }) {
  const words = useWords();
  const move = (to: number) => to >= 0 && to < count && onMove(index, to);
  return (
    <>
      <button type="button" aria-disabled={index === 0} onClick={() => move(index - 1)} aria-label={words.moveUp(name)}>
        ↑
      </button>
      <button type="button" aria-disabled={index === count - 1} onClick={() => move(index + 1)} aria-label={words.moveDown(name)}>
        ↓
      </button>
    </>
  );
}
