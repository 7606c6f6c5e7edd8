import { interpolate } from "../core/interpolate.ts";
import { progressOf } from "../core/progress.ts";
import type { MessageTexts } from "../core/resolve-survey.ts";
import { ProgressBar } from "../ui/progress-bar.tsx";

export function ProgressHeader({ index, total, messages }: { index: number; total: number; messages: MessageTexts }) {
  const progress = progressOf(index, total);
  const counter = interpolate(messages.progress, { current: progress.current, total: progress.total });
  return (
    <header className="progress-header">
      <div className="progress-text">
        <span>{counter}</span>
        <span>{interpolate(messages.percentComplete, { percent: progress.percent })}</span>
      </div>
      <ProgressBar percent={progress.percent} label={counter} />
    </header>
  );
}
