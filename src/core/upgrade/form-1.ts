/**
 * Form 1 → 2 (issue 12, November 2026). The first form wrote each notice as
 * an object, `messages.success: { title, description }` (likewise error,
 * unexpectedError, waitingForConnection, rateLimited, and the draft notice's
 * five texts), and where a survey ends as `redirect: { path, delayMs }`.
 * Form 2 has flat message keys (`successTitle`, `draftRestored`) and the
 * thank-you page's own block, `thankYou`, with the same path and delay.
 * Every text, the path and the delay keep their values exactly.
 */
import type { JsonObject } from "./file-edits.ts";
import { moveKeys, type StepResult } from "./move-keys.ts";

const NESTED_MESSAGES: Record<string, string[]> = {
  success: ["title", "description"],
  error: ["title", "description"],
  unexpectedError: ["title", "description"],
  waitingForConnection: ["title", "description"],
  rateLimited: ["title", "description"],
  draft: ["restored", "startOver", "confirmStartOver", "confirm", "cancel"],
};

const flatKey = (notice: string, text: string) => `${notice}${text[0]!.toUpperCase()}${text.slice(1)}`;

export function upgradeForm1(file: JsonObject): StepResult {
  const results = [
    ...Object.entries(NESTED_MESSAGES).map(([notice, texts]) =>
      moveKeys(file, ["messages", notice], Object.fromEntries(texts.map((text) => [text, ["messages", flatKey(notice, text)]]))),
    ),
    moveKeys(file, ["redirect"], { path: ["thankYou", "path"], delayMs: ["thankYou", "delayMs"] }),
  ];
  return { changes: results.flatMap((result) => result.changes), conflicts: results.flatMap((result) => result.conflicts) };
}
