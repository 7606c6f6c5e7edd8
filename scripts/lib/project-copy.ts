/**
 * A temporary copy of the project, to change survey files and build without
 * touching the working tree: sources, scripts, survey files and migrations
 * are copied, node_modules is linked. It shows what an editor's change does
 * through the real tools (codegen, vite build with the prerender), and what
 * more surveys cost a page (scripts/bench/project-copy.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const COPIED = ["index.html", "vite.config.ts", "tsconfig.json", "package.json", "src", "scripts", "surveys", "supabase"];

export interface ProjectCopy {
  root: string;
  /** Changes surveys/<id>.json in the copy. */
  editSurvey(id: string, edit: (config: Record<string, any>) => void): void;
  /** Copies survey files (e.g. fixtures) into the copy's surveys/. */
  addSurveys(files: string[]): void;
  /** `npm run codegen` in the copy; throws with its output on failure. */
  codegen(): void;
  /** `vite build` of the copy into its dist/ with the given environment; returns the folder. */
  build(env?: Record<string, string>): Promise<string>;
  remove(): void;
}

export function copyProject(from = process.cwd()): ProjectCopy {
  const root = mkdtempSync(join(tmpdir(), "rmj-copy-"));
  for (const entry of COPIED) cpSync(join(from, entry), join(root, entry), { recursive: true });
  symlinkSync(join(from, "node_modules"), join(root, "node_modules"), "dir");
  const surveyPath = (id: string) => join(root, "surveys", `${id}.json`);
  return {
    root,
    editSurvey(id, edit) {
      const config = JSON.parse(readFileSync(surveyPath(id), "utf8"));
      edit(config);
      writeFileSync(surveyPath(id), `${JSON.stringify(config, null, 2)}\n`);
    },
    addSurveys(files) {
      for (const file of files) cpSync(file, join(root, "surveys", basename(file)));
    },
    codegen() {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/codegen.ts"], { cwd: root, encoding: "utf8" });
      if (result.status !== 0) throw new Error(`[copy] codegen failed:\n${result.stdout}${result.stderr}`);
    },
    build(env = {}) {
      const outDir = join(root, "dist");
      return new Promise((resolve, reject) => {
        const child = spawn(join(root, "node_modules", ".bin", "vite"), ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
          cwd: root,
          env: { ...process.env, NODE_ENV: "production", ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.once("error", reject);
        child.once("exit", (code) => (code === 0 ? resolve(outDir) : reject(new Error(`[copy] vite build failed (exit ${code}):\n${output}`))));
      });
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
