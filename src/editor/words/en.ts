/** The editor's own words in English. */
import type { EditorWords } from "./pt-br.ts";

const part = (name: string) => PARTS[name] ?? name;
const PARTS: Record<string, string> = {
  pageTitle: "page title", description: "page description", messages: "buttons, hints and notices", thankYou: "thank-you page",
  notFound: "not-found page", professionalName: "professional's name", hiddenFields: "hidden fields", showIf: "condition", other: "'other' field",
  valueLabels: "range texts", minLabel: "minimum's text", maxLabel: "maximum's text", maxSelections: "most choices", default: "starting value",
};

export const en: EditorWords = {
  language: "en",
  title: "Survey editor",
  openHint: "Open it in your browser. Stop it with Ctrl+C.",
  surveyFiles: "Survey files",
  chooseFile: "Choose a survey file to edit.",
  confirmLeave: (open, next) => `${open} has unsaved changes. Open ${next} and lose them?`,
  toolbar: "File",
  undo: "Undo",
  redo: "Redo",
  save: "Save",
  saveAndRecord: "Save and record",
  conflictState: "Conflict: choose a version in the notice below",
  problemsState: (count) => (count === 1 ? "1 problem to fix before saving" : `${count} problems to fix before saving`),
  unsaved: "Unsaved changes",
  allSaved: "All changes saved",
  notSavedConflict: "Not saved: choose a version in the conflict notice first.",
  nothingToSave: "Nothing to save: no changes since the last save.",
  saved: (file) => `Saved ${file}.`,
  notSavedProblems: "Not saved: fix the problems shown beside the fields first.",
  notSaved: (reason) => `Not saved: ${reason}`,
  recorded: (message) => `Saved and recorded in the history: ${message}`,
  nothingToRecord: "Saved. Nothing new to record: the history already holds the file as it is.",
  reloaded: (file) => `${file} changed on disk and was reloaded.`,
  upgraded: (file, changes) => `${file} was written for an earlier form of the schema and is shown brought up to date (${changes}). Save to keep it that way; the file on disk is unchanged until then.`,
  conflictTitle: "This file was changed outside the editor",
  conflictText: "(by a code editor or a git pull) while you had unsaved changes. Choose which version to go on from; the other stays one Undo (Ctrl+Z) away.",
  keepMine: "Keep my version",
  takeDisk: "Use the version on disk",
  diskVersion: "The version on disk",
  history: "History",
  historyIntro: "Each “Save and record” keeps a version. See what changed, and restore an earlier version as an unsaved change.",
  historyLoad: "Show the history",
  historyEmpty: "No version of this file has been recorded yet.",
  notARepository: "This folder is not a git repository: there is no history. Saving still works.",
  showChanges: "Show the changes",
  hideChanges: "Hide the changes",
  restore: "Restore this version",
  restored: (when) => `The version of ${when} is restored as an unsaved change. Save to keep it; Undo takes it back.`,
  changesOf: (when) => `Changes of ${when}`,
  by: (who) => `by ${who}`,
  commitNothing: "no change of content",
  describe: (change) => {
    switch (change.kind) {
      case "survey-part": return part(change.part);
      case "question-added": return `new question "${change.title}"`;
      case "question-removed": return `question "${change.title}" removed`;
      case "questions-reordered": return "question order";
      case "question-part": return `question ${change.number} ${part(change.part)}`;
      case "option-added": return `question ${change.number}: new option "${change.label}"`;
      case "option-removed": return `question ${change.number}: option "${change.label}" removed`;
      case "option-relabelled": return `option "${change.from}" shown as "${change.to}"`;
      case "options-reordered": return `question ${change.number} option order`;
    }
  },
  moreChanges: (count) => `and ${count} more changes`,
};
