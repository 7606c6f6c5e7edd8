/** The preview's visit events (swapped in for src/data/visit-events.ts by scripts/editor/preview-seams.ts): none are sent. */
import type { VisitEvent } from "../../core/visit-steps.ts";

export function queueVisitEvents(_events: VisitEvent[]): void {}

export function flushVisitEvents(): void {}
