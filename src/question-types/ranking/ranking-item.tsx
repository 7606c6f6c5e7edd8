import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";

interface RankingItemProps {
  value: string;
  label: string;
  /** Its place (1-based) when it is among the ranked places, else undefined. */
  rank: number | undefined;
  idPrefix: string;
  first: boolean;
  last: boolean;
  moveUpLabel: string;
  moveDownLabel: string;
  onMove: (by: -1 | 1) => void;
}

/**
 * One option: its place, its text, a drag handle (pointer and touch only,
 * hidden from assistive technology: the buttons do the same by keyboard) and
 * move up/down buttons. An edge button is aria-disabled rather than disabled
 * so that focus stays on it after the last possible move.
 */
export function RankingItem({ value, label, rank, idPrefix, first, last, moveUpLabel, moveDownLabel, onMove }: RankingItemProps) {
  const { listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: value });
  return (
    <li ref={setNodeRef} className="ranking-item" data-ranked={rank !== undefined || undefined} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <span className="ranking-place" aria-hidden={rank === undefined || undefined}>{rank ?? "–"}</span>
      <span className="ranking-label">{label}</span>
      <span className="ranking-controls">
        {/* A finger held on the handle while dragging must not open the phone's long-press menu. */}
        <span className="ranking-handle" ref={setActivatorNodeRef} {...listeners} onContextMenu={(event) => event.preventDefault()} aria-hidden="true">⠿</span>
        <button type="button" id={`${idPrefix}-up`} className="ranking-move" aria-label={`${moveUpLabel}: ${label}`} aria-disabled={first || undefined} onClick={() => !first && onMove(-1)}>↑</button>
        <button type="button" id={`${idPrefix}-down`} data-question-focus={first || undefined} className="ranking-move" aria-label={`${moveDownLabel}: ${label}`} aria-disabled={last || undefined} onClick={() => !last && onMove(1)}>↓</button>
      </span>
    </li>
  );
}
