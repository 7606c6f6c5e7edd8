import { Progress } from "radix-ui";

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <Progress.Root className="progress" value={percent} aria-label={label} data-slot="progress">
      <Progress.Indicator className="progress-indicator" style={{ transform: `translateX(-${100 - percent}%)` }} />
    </Progress.Root>
  );
}
