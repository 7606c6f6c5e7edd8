/**
 * What the outbox tests run: a survey file with notifications, the
 * migrations codegen writes for it, the real local data API on them (PGlite,
 * or a real PostgreSQL that can be restarted), and the worker as the process
 * `npm run outbox -- work` starts, which the tests kill and start again.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataApi } from "../../scripts/data-api/index.ts";
import { stopProcess } from "../../scripts/data-api/process-lifecycle.ts";
import type { PostgresServer } from "../../scripts/bench/postgres-server.ts";
import { generate, MIGRATIONS_DIR, writeStaleFiles } from "../../scripts/lib/codegen.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { command, REPO } from "../scripts/helpers.ts";
import { startDataApiOn } from "./data-api-on.ts";

export const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
export const COLORS = ["Azul", "Verde", "Rojo"];

export const outboxSurvey = (notifications: SurveyConfig["notifications"]): SurveyConfig => ({
  $schema: "./survey.schema.json",
  id: "avisos",
  route: "/avisos",
  table: "avisos_responses",
  language: "es",
  pageTitle: "Avisos",
  professionalName: "X",
  timeZone: "America/Sao_Paulo",
  notifications,
  questions: [
    { id: "nomeCompleto", type: "text", title: "¿Nombre?", emoji: "👋", required: false },
    { id: "correo", type: "email", title: "¿Correo?", emoji: "📧", required: false },
    { id: "cor", type: "radio", title: "¿Color?", emoji: "🎨", required: true, options: COLORS },
  ],
} as SurveyConfig);

export interface OutboxStack {
  api: DataApi;
  postgres: PostgresServer | null;
  /** Inserts responses with the service key, `batch` rows a request; resolves with their ids. */
  insert(rows: Record<string, unknown>[], batch?: number): Promise<string[]>;
  /** SQL as the database owner, on a direct connection. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  startWorker(env: Record<string, string>): ChildProcess;
  stop(): Promise<void>;
}

export async function startOutboxStack(survey: SurveyConfig, { postgres = false } = {}): Promise<OutboxStack> {
  const root = mkdtempSync(join(tmpdir(), "rmj-outbox-"));
  mkdirSync(join(root, "surveys"));
  writeFileSync(join(root, "surveys", "avisos.json"), JSON.stringify(survey, null, 2));
  const result = await generate(join(root, "surveys"), root);
  if ("errors" in result) throw new Error(`[outbox test] invalid survey: ${JSON.stringify(result.errors)}`);
  writeStaleFiles(result.files, root);
  const { api, server, stop: stopApi } = await startDataApiOn(postgres ? "PostgreSQL" : "PGlite", join(root, MIGRATIONS_DIR));
  // One connection: PGlite's wire socket serves one client beside PostgREST.
  const pg = new (await import("pg")).default.Pool({ connectionString: server?.url ?? api.dbUrl, max: 1 });
  pg.on("error", () => undefined);
  const workers = new Set<ChildProcess>();
  const headers = { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
  return {
    api,
    postgres: server,
    async insert(rows, batch = 500) {
      // Each row as the survey's page sends it: with the definition version its migrations published.
      const withIds = rows.map((row) => ({ id: crypto.randomUUID(), definition_version: definitionVersion(survey), ...row }));
      for (let i = 0; i < withIds.length; i += batch) {
        const response = await fetch(`${api.restUrl}/${survey.table}`, { method: "POST", headers, body: JSON.stringify(withIds.slice(i, i + batch)) });
        if (response.status !== 201) throw new Error(`[outbox test] insert: HTTP ${response.status} ${await response.text()}`);
      }
      return withIds.map(({ id }) => id);
    },
    async sql<T>(text: string, params?: unknown[]) {
      return (await pg.query(text, params)).rows as T[];
    },
    startWorker(env) {
      const child = spawn(process.execPath, command("scripts/notifications/cli.ts", "work"), {
        cwd: REPO,
        env: { ...process.env, SUPABASE_URL: api.url, SUPABASE_SERVICE_ROLE_KEY: api.serviceRoleKey, OUTBOX_SECRET_CRM: SECRET, OUTBOX_ALLOW_LOOPBACK: "1", OUTBOX_RETRY_BASE_MS: "200", OUTBOX_RETRY_CAP_MS: "2000", OUTBOX_TIMEOUT_MS: "1500", OUTBOX_IDLE_MS: "200", OUTBOX_LEASE_SECONDS: "5", ...env },
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr!.on("data", (chunk: Buffer) => process.env.OUTBOX_TEST_LOG && process.stderr.write(chunk));
      workers.add(child);
      child.once("exit", () => workers.delete(child));
      return child;
    },
    async stop() {
      await Promise.all([...workers].map((child) => stopProcess(child)));
      await pg.end();
      await stopApi();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
