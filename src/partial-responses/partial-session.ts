/**
 * One respondent's partial response, outside React (loaded only by a survey
 * with `partialResponses`): its key (the row id, shared with the draft, and
 * the secret), the milliseconds spent on each question, and the saves.
 *
 * Each step's save runs in the background, in order, with keepalive (so the
 * one started as the tab closes still arrives); the newest one still waiting
 * for the one before it is sent at once when the tab closes (flush), or a
 * slow database would lose the last step of whoever closes the tab right
 * after answering it. Each save is numbered, one above the last, and the
 * database never lets a lower number overwrite a higher one, so the older
 * saves still on their way when the flushed one arrives change nothing. One
 * that finds no connection
 * is sent again when the browser is back online (only the newest: it holds
 * all the answers). Nothing depends on it: the draft keeps every answer on
 * the device, and the final save goes through the same wait-and-retry as
 * the one-shot insert.
 */
import { SITE_RECEIPTS } from "../core/site-receipts.ts";
import { usesReceipts } from "../core/receipt.ts";
import { confirmReceipt, withReceipt } from "../receipt/receipt-storage.ts";
import type { Answers } from "../core/answers.ts";
import { addQuestionMs, newSecret, PARTIAL_COLUMNS, type ResumeKey } from "../core/partial-response.ts";
import { resumeFromRow, type RowOrder } from "../core/partial-resume.ts";
import type { RestoredDraft } from "../core/draft-fit.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { toRow } from "../core/to-row.ts";
import { failureKindOf, isWaitingKind } from "../data/submit-error.ts";
import { readRow, saveRow } from "./partial-api.ts";
import { forgetKey, readKey, writeKey } from "./key-storage.ts";

export type Opening = { resumed: RestoredDraft } | { linkEnded: true } | undefined;

/** One step's save: the row and the secret it goes with, and whether it has left (by the chain, or by a flush). */
interface StepSave {
  row: ReturnType<PartialSession["row"]>;
  secret: string;
  sent: boolean;
}

export class PartialSession {
  private key: ResumeKey;
  private times: Record<string, number> = {};
  /** How many saves of this response the device has numbered (the row's save number, once the newest arrives). */
  private saves = 0;
  private shown: { questionId: string; at: number } | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** The newest step's save, which may still be waiting in the chain. */
  private newest: StepSave | undefined;
  private waitingForOnline: (() => void) | undefined;
  /** Set by the page on a site that shuffles (partial-resume.ts's RowOrder). */
  rowOrder: RowOrder | undefined;

  constructor(
    private readonly config: ResolvedSurvey,
    responseId: string,
  ) {
    const kept = readKey(config.id);
    this.key = kept?.responseId === responseId ? kept : { responseId, secret: newSecret() };
    if (kept?.responseId === responseId) ({ times: this.times, saves: this.saves } = kept);
  }

  /** Opened from a "continue later" link: the row's answers, or that the link no longer works. */
  async resume(key: ResumeKey): Promise<Opening> {
    const row = await readRow(this.config.table, key).catch(() => null);
    if (!row) return { linkEnded: true };
    const { restored, times } = resumeFromRow(this.config, row, this.rowOrder);
    this.key = key;
    this.times = times;
    // This device numbers its saves above the other device's.
    const saved = row[PARTIAL_COLUMNS.saveNumber];
    this.saves = typeof saved === "number" ? saved : 0;
    this.remember();
    return restored && { resumed: restored };
  }

  get responseKey(): ResumeKey {
    return this.key;
  }

  /** The question on screen now (undefined: none, the response is being sent); the one before gets its time. */
  questionShown(questionId: string | undefined): void {
    const now = performance.now();
    if (this.shown) this.times = addQuestionMs(this.times, this.shown.questionId, now - this.shown.at);
    this.shown = questionId === undefined ? undefined : { questionId, at: now };
  }

  /** The draft started over (a new row id): a new secret, no times. */
  follow(responseId: string): void {
    if (responseId === this.key.responseId) return;
    this.key = { responseId, secret: newSecret() };
    this.times = {};
    this.saves = 0;
  }

  /** Saves the answers so far in the background; `lastStep` is the question the respondent is on. */
  saveStep(answers: Answers, lastStep: string): Promise<void> {
    const save: StepSave = { row: this.row(answers, lastStep, false), secret: this.key.secret, sent: false };
    this.newest = save;
    this.remember();
    const send = (): Promise<void> =>
      (this.chain = this.chain.then(() => this.send(save)).catch((error: unknown) => {
        if (!isWaitingKind(failureKindOf(error))) return console.warn("[survey] a partial save was refused", error);
        save.sent = false;
        this.retryWhenOnline(send);
      }));
    return send();
  }

  /**
   * The tab is closing on `lastStep`: the newest step's save, if it is still
   * waiting for the one before it, leaves now with keepalive (it holds every
   * answer), and the chain skips it; arriving before the older saves, it
   * still wins, by its number. A tab closed
   * right after Próximo may close before the new step's save was even made
   * (React runs the step's effect after the paint): that step's save is made
   * here, from the answers as they are, so the last answer given still
   * reaches the row.
   */
  flush(answers: Answers, lastStep: string): void {
    if (this.newest?.row[PARTIAL_COLUMNS.lastStep] !== lastStep) {
      if (this.shown?.questionId !== lastStep) this.questionShown(lastStep);
      this.newest = { row: this.row(answers, lastStep, false), secret: this.key.secret, sent: false };
      this.remember();
    }
    const save = this.newest;
    if (!save.sent) this.send(save).catch(() => undefined);
  }

  private send(save: StepSave): Promise<void> {
    if (save.sent) return Promise.resolve();
    save.sent = true;
    return saveRow(this.config.table, save.row, save.secret, true);
  }

  /** The final save: throws a SubmitError, as the one-shot insert does, for useSubmission to wait or tell. */
  async finish(answers: Answers, responseId: string): Promise<void> {
    this.follow(responseId);
    this.questionShown(undefined);
    const lastStep = this.config.questions.at(-1)!.id;
    await this.chain;
    // A survey with receipts sends this response's code with the final save, and the device keeps it once stored.
    const receipts = SITE_RECEIPTS && usesReceipts(this.config);
    await saveRow(this.config.table, this.row(receipts ? withReceipt(this.config.id, answers, this.key.responseId) : answers, lastStep, true), this.key.secret, false);
    if (receipts) confirmReceipt(this.config.id);
    window.removeEventListener("online", this.waitingForOnline ?? (() => undefined));
    forgetKey(this.config.id);
  }

  /** The row of the next save, numbered one above the last. */
  private row(answers: Answers, lastStep: string, finished: boolean) {
    this.saves += 1;
    return {
      ...toRow(this.config, answers, this.key.responseId),
      [PARTIAL_COLUMNS.finished]: finished,
      [PARTIAL_COLUMNS.lastStep]: lastStep,
      [PARTIAL_COLUMNS.questionMs]: this.times,
      [PARTIAL_COLUMNS.saveNumber]: this.saves,
    };
  }

  private remember(): void {
    writeKey(this.config.id, { ...this.key, times: this.times, saves: this.saves });
  }

  /** Only the newest save waits: it carries every answer the older ones did. */
  private retryWhenOnline(send: () => Promise<void>): void {
    if (this.waitingForOnline) window.removeEventListener("online", this.waitingForOnline);
    this.waitingForOnline = () => {
      this.waitingForOnline = undefined;
      void send();
    };
    window.addEventListener("online", this.waitingForOnline, { once: true });
  }
}
