/**
 * The official Supabase CLI (its Linux binary, npm @supabase/cli-linux-x64,
 * pinned in optionalDependencies: the registry here serves no other platform's
 * package, so the `supabase` wrapper package cannot be locked for `npm ci`) run as
 * a team runs it: `supabase db push --db-url …` from a project folder that
 * holds supabase/migrations/ and nothing else (no config.toml, no `supabase
 * init`). Offline: telemetry and the update check are switched off and HOME
 * is the project folder, so it reaches only the database (no Docker either:
 * --db-url needs none).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { REPO } from "../scripts/helpers.ts";

export const SUPABASE_CLI = join(REPO, "node_modules/@supabase/cli-linux-x64/bin/supabase");

export interface CliRun {
  status: number | null;
  output: string;
}

/** The CLI's --db-url for a local server: it tries TLS first, which a throw-away server does not offer. */
export const cliDbUrl = (url: string) => `${url}${url.includes("?") ? "&" : "?"}sslmode=disable`;

export function supabaseCli(project: string, args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(SUPABASE_CLI, args, {
      cwd: project,
      env: { PATH: process.env.PATH ?? "", HOME: project, DO_NOT_TRACK: "1", SUPABASE_TELEMETRY_DISABLED: "1", SUPABASE_NO_UPDATE_NOTIFIER: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (status) => resolve({ status, output }));
  });
}

export const dbPush = (project: string, url: string) => supabaseCli(project, ["db", "push", "--db-url", cliDbUrl(url), "--yes"]);

/** The versions `supabase migration list` shows as applied: local and remote both. */
export async function appliedVersions(project: string, url: string): Promise<string[]> {
  const run = await supabaseCli(project, ["migration", "list", "--db-url", cliDbUrl(url)]);
  if (run.status !== 0) throw new Error(`supabase migration list failed:\n${run.output}`);
  return [...run.output.matchAll(/^\s*`?(\d{14})`?\s*\|\s*`?(\d{14})`?\s*\|/gm)].filter((match) => match[1] === match[2]).map((match) => match[1]!);
}

/** The migrations a push applied, from its "Applying migration …" lines. */
export const appliedBy = (run: CliRun): string[] => [...run.output.matchAll(/Applying migration (\S+\.sql)/g)].map((match) => match[1]!);
