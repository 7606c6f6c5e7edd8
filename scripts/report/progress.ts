/**
 * The report's progress line in a terminal: per survey, what it reads (visits,
 * then responses), rows read of the total the API announced, a bar, the
 * percentage and the time so far; then what it writes. cli-progress redraws the
 * one line in place, cuts it to the terminal's width and clears it at the end.
 * When the stream is not a terminal (CI, a pipe, a log file) nothing is drawn:
 * only the summary line is printed.
 */
import { SingleBar } from "cli-progress";
import { interpolate } from "../../src/core/interpolate.ts";
import type { Formatters } from "../../src/report/format.ts";

export interface ReportProgress {
  /** A new phase: reading `what`, `total` rows expected (null: the API did not say). */
  reading(what: "visits" | "responses", total: number | null): void;
  read(rows: number): void;
  writing(file: string): void;
  /** Clears the line: done, failed or interrupted. */
  stop(): void;
}

export const NO_PROGRESS: ReportProgress = { reading() {}, read() {}, writing() {}, stop() {} };

export function terminalProgress(surveyId: string, f: Formatters, stream: NodeJS.WriteStream = process.stderr): ReportProgress {
  if (!stream.isTTY) return NO_PROGRESS;
  const words = f.words.terminal;
  const bar = new SingleBar({
    stream,
    format: `${surveyId} · {what} {bar} {percentage} · {value} / {total} · {duration}`,
    barsize: 20,
    clearOnComplete: true,
    hideCursor: true,
    formatValue: (value, _options, type) => {
      if (type === "percentage") return f.percent(Number(value) / 100);
      if (type === "duration") return f.duration(Number(value));
      return f.integer(Number(value));
    },
  });
  let started = false;
  let rows = 0;
  return {
    reading(what, total) {
      rows = 0;
      const payload = { what: what === "visits" ? words.readingVisits : words.readingResponses };
      if (started) {
        // cli-progress skips redraws that come quickly after one another: draw the phase that ends as it ended.
        bar.render();
        bar.setTotal(total ?? 0);
        bar.update(0, payload);
      } else {
        bar.start(total ?? 0, 0, payload);
        started = true;
      }
    },
    read(count) {
      rows += count;
      // A planned count is an estimate: the bar never runs past what was read.
      if (bar.getTotal() < rows) bar.setTotal(rows);
      bar.update(rows);
    },
    writing(file) {
      bar.update(bar.getTotal(), { what: interpolate(words.writing, { file }) });
      bar.render();
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
