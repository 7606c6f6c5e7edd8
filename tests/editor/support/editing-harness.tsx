/**
 * The editor's fields outside the editor page, for jsdom component tests:
 * one survey file's text in React state behind the real EditingContext and
 * SurveyContext (an edit is a new text, as in the editor), and the real
 * validate's pointers for texts the test kept, run in one Node process
 * (under jsdom the validator cannot read its schema files: the page's
 * bundler rewrites their addresses).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useRef, useState, type ReactNode } from "react";
import { EditingContext, SurveyContext } from "../../../src/editor/editing-context.ts";
import type { SurveyConfig } from "../../../src/generated/survey-config.ts";

export interface Edited {
  /** The file's text now. */
  text(): string;
  file(): SurveyConfig;
}

/** A component that holds `initial`'s text and gives `children` the editor's contexts over it. */
export function editingHarness(initial: object): { Editing: (props: { children: ReactNode }) => ReactNode; edited: Edited } {
  let latest = JSON.stringify(initial, null, 2);
  function Editing({ children }: { children: ReactNode }) {
    const [text, setText] = useState(latest);
    const current = useRef(text);
    current.current = text;
    latest = text;
    const survey = JSON.parse(text) as SurveyConfig;
    const change = (next: string) => {
      current.current = next;
      setText(next);
    };
    return (
      <EditingContext value={{ currentText: () => current.current, survey, change, problems: [], refuse: () => undefined, showQuestion: () => undefined }}>
        <SurveyContext value={survey}>{children}</SurveyContext>
      </EditingContext>
    );
  }
  return { Editing, edited: { text: () => latest, file: () => JSON.parse(latest) as SurveyConfig } };
}

/** The pointers validate finds in each text of a file named `name`. */
export function validatedPointers(name: string, texts: string[]): string[][] {
  const root = mkdtempSync(join(tmpdir(), "rmj-editor-fields-"));
  const dirs = texts.map((text, index) => {
    const dir = join(root, String(index));
    mkdirSync(join(dir, "surveys"), { recursive: true });
    writeFileSync(join(dir, "surveys", name), text);
    return dir;
  });
  const script = `import { loadSurveys } from ${JSON.stringify(join(process.cwd(), "scripts/lib/validate.ts"))};
console.log(JSON.stringify(${JSON.stringify(dirs)}.map((dir) => loadSurveys(dir + "/surveys", dir + "/migrations").errors.map((error) => error.pointer))));`;
  try {
    return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" })) as string[][];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
