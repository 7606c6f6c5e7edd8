import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type { FieldA11y } from "../../ui/form-field.tsx";
import "./point-scale.css";

interface PointScaleProps {
  a11y: FieldA11y;
  /** The type's own class, by which the bench tells the scales apart. */
  className: string;
  name: string;
  points: number[];
  value: number | undefined;
  onChange(point: number): void;
  /** Stars fill up to the chosen point; otherwise each point shows its number. */
  stars?: boolean;
  minLabel?: string;
  maxLabel?: string;
}

/**
 * A row of points, one radio each (Radix: arrows move and choose, as in any
 * radio group; each point at least 24 px wide and 44 px tall; on a narrow
 * phone a long scale takes two rows of aligned columns, point-scale.css). The end labels are read with
 * the group through aria-describedby, not announced per point.
 */
export function PointScale({ a11y, className, name, points, value, onChange, stars, minLabel, maxLabel }: PointScaleProps) {
  const { id, ...aria } = a11y;
  const endsId = `${id}-ends`;
  const describedBy = [aria["aria-describedby"], minLabel || maxLabel ? endsId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="point-scale">
      <div className="point-scale-body">
        <RadioGroupPrimitive.Root {...aria} aria-describedby={describedBy} id={id} name={name} orientation="horizontal" className={`point-list ${className}${stars ? " point-stars" : ""}`} data-points={points.length} value={value === undefined ? "" : String(value)} onValueChange={(chosen) => onChange(Number(chosen))}>
          {points.map((point) => (
            <RadioGroupPrimitive.Item key={point} value={String(point)} aria-label={String(point)} className="point" data-filled={stars && value !== undefined && point <= value ? "" : undefined}>
              <span aria-hidden="true">{stars ? "★" : point}</span>
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
        {(minLabel || maxLabel) && (
          <div className="point-ends" id={endsId}>
            <span>{minLabel}</span> <span>{maxLabel}</span>
          </div>
        )}
      </div>
    </div>
  );
}
