/** On the results site, a single choice's bar filters the view by that answer; the report file has no such buttons. */
export interface AnswerPick {
  picked: { question: string; value: string } | undefined;
  pick: (question: string, value: string) => void;
  /** "Filtrar por {value}". */
  byBar: string;
}
