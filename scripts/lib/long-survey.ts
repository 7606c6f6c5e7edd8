/**
 * A long survey made from a real one's questions over and over, each with an
 * id and title of its own and without conditions (they would name repeated
 * ids): what the editor's bench step and its long-survey test open.
 */
interface QuestionLike {
  id: string;
  title: string;
  showIf?: unknown;
  other?: { id?: string };
  extraText?: { id?: string };
}

export type SurveyLike = Record<string, unknown> & { id: string; questions: QuestionLike[] };

export function longSurvey(template: SurveyLike, id: string, count: number): SurveyLike {
  const questions = Array.from({ length: count }, (_, index) => {
    const { showIf: _dropped, ...question } = structuredClone(template.questions[index % template.questions.length]!);
    const suffix = String(index + 1).padStart(3, "0");
    if (question.other?.id) question.other.id = `${question.other.id}_${suffix}`;
    if (question.extraText?.id) question.extraText.id = `${question.extraText.id}_${suffix}`;
    return { ...question, id: `${question.id}_${suffix}`, title: `${question.title} (${index + 1})` };
  });
  return { ...template, id, route: `/${id}`, table: `${id.replaceAll("-", "_")}_responses`, questions };
}
