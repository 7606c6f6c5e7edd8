/**
 * `npm start` runs the outbox worker beside the local data API when a survey
 * file has notifications: the same loop as `npm run outbox -- work`, stopped
 * with the rest on Ctrl-C (after the sends in flight).
 */
import type { DataApi } from "../data-api/index.ts";
import { onShutdown } from "../data-api/process-lifecycle.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { workerSettings } from "../../notifications/settings.ts";
import { restStore } from "../../notifications/store.ts";
import { outboxWorker } from "../../notifications/worker.ts";

export interface WorkerBeside {
  /** For the start message. */
  line: string;
  /** Stops after the sends in flight (also run on Ctrl-C). */
  stop(): Promise<void>;
}

/** Starts the worker when a survey has notifications; null when none has. */
export function startWorkerBeside(api: DataApi, surveys: SurveyConfig[]): WorkerBeside | null {
  const notified = surveys.filter((survey) => survey.notifications);
  if (!notified.length) return null;
  let stopping = false;
  const running = outboxWorker(restStore(api.url, api.serviceRoleKey), workerSettings((name) => process.env[name])).runUntil(() => stopping, (line) => console.error(line));
  const stop = async () => {
    stopping = true;
    await running;
  };
  const unregister = onShutdown(stop);
  return {
    line: `Notifications of ${notified.map(({ id }) => id).join(", ")} are delivered by the outbox worker (npm run outbox -- status).`,
    stop: () => (unregister(), stop()),
  };
}
