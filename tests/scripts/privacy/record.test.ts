/**
 * `npm run privacy`: the record of processing, in Portuguese, from the survey
 * files: what the file declares (controller, purpose, legal basis), the data
 * its table stores, the retention, who can read, where it is hosted; a
 * missing declaration is named, never invented.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { processingRecord } from "../../../scripts/privacy/record.ts";
import type { SurveyConfig } from "../../../src/generated/survey-config.ts";
import { command } from "../helpers.ts";

const fixture = JSON.parse(readFileSync("tests/fixtures/surveys/privacy/privacy-poll.json", "utf8")) as SurveyConfig;
const options = { hosting: "Supabase (PostgreSQL), projeto https://abc.supabase.co", date: "2026-11-27" };
const rowOf = (record: string, item: string) => record.split("\n").find((line) => line.startsWith(`| ${item} |`));

describe("the record of processing", () => {
  const record = processingRecord([{ config: fixture, source: "surveys/privacy-poll.json" }], options);

  test("states what the file declares: controller, purpose, legal basis, retention, hosting", () => {
    expect(rowOf(record, "Controlador")).toContain("Consultoria Exemplo Ltda.");
    expect(rowOf(record, "Finalidade")).toContain("Conhecer o público");
    expect(rowOf(record, "Hipótese legal")).toContain("Consentimento do titular (art. 7º, I)");
    expect(rowOf(record, "Prazo de retenção")).toBe("| Prazo de retenção | Respostas: exclusão automática 30 dias após o registro; eventos de visita: exclusão automática 7 dias após o registro |");
    expect(rowOf(record, "Onde os dados ficam")).toContain("https://abc.supabase.co");
    expect(rowOf(record, "Quem pode ler")).toContain("service_role");
  });

  test("lists every column the survey's table stores, with the question it holds", () => {
    expect(rowOf(record, "Dados pessoais tratados")).toContain("`nombre`: ¿Cómo te llamas?");
    expect(rowOf(record, "Dados pessoais tratados")).toContain("`consent_version`");
  });

  test("says how a respondent sees and deletes their response when the survey gives receipts, and nothing of it otherwise", () => {
    expect(rowOf(record, "Acesso e eliminação pelo titular")).toBeUndefined();
    const withReceipt = processingRecord([{ config: { ...fixture, receipt: {} }, source: "surveys/privacy-poll.json" }], options);
    expect(rowOf(withReceipt, "Acesso e eliminação pelo titular")).toContain("`/privacidad/meus-dados`");
  });

  test("names what a file leaves out instead of inventing it", () => {
    const { processing: _p, retention: _r, ...bare } = fixture;
    const plain = processingRecord([{ config: bare, source: "surveys/x.json" }], options);
    expect(rowOf(plain, "Hipótese legal")).toContain("não declarado no arquivo");
    expect(rowOf(plain, "Prazo de retenção")).toContain("Respostas: guarda até exclusão manual");
  });

  test("the data subjects are the file's, and named as not declared when it has none", () => {
    expect(rowOf(record, "Titulares")).toContain("não declarado no arquivo");
    expect(rowOf(record, "Titulares")).not.toContain("médicos formados no exterior");
    const declared = processingRecord([{ config: { ...fixture, processing: { ...fixture.processing!, dataSubjects: "Estudantes de medicina no Paraguai" } }, source: "surveys/privacy-poll.json" }], options);
    expect(rowOf(declared, "Titulares")).toBe("| Titulares | Estudantes de medicina no Paraguai |");
  });

  test("names what the features store beside the answers: time per question, quality flags, the one-response key, the receipt's hash", () => {
    const featured = processingRecord([{ config: { ...fixture, partialResponses: true, quality: { minSecondsPerQuestion: 2 }, oncePer: "browser", receipt: {} }, source: "surveys/privacy-poll.json" }], options);
    const data = rowOf(featured, "Dados pessoais tratados")!;
    for (const column of ["`question_ms`", "`finished`", "`quality`", "`once_key`", "`receipt_hash`", "`secret_hash`"]) expect(data).toContain(column);
    expect(data).toContain("tempo em cada pergunta");
    expect(data).toContain("chave aleatória do navegador");
    expect(rowOf(record, "Dados pessoais tratados")).not.toContain("`once_key`");
  });

  test("states how long unfinished responses are kept, with partial responses", () => {
    const partial = (retention: SurveyConfig["retention"]) => rowOf(processingRecord([{ config: { ...fixture, partialResponses: true, retention }, source: "surveys/privacy-poll.json" }], options), "Prazo de retenção")!;
    expect(partial({ responsesDays: 30, unfinishedResponsesDays: 10 })).toContain("respostas não concluídas: exclusão automática 10 dias após a última resposta");
    expect(partial({ responsesDays: 30 })).toContain("respostas não concluídas: guarda até exclusão manual");
    expect(rowOf(record, "Prazo de retenção")).not.toContain("não concluídas");
  });

  test("npm run privacy writes it for a folder of survey files", () => {
    const dir = mkdtempSync(join(tmpdir(), "rmj-privacy-"));
    try {
      execFileSync(process.execPath, command("scripts/privacy/cli.ts", "--surveys", "tests/fixtures/surveys/privacy", "--out", join(dir, "registro.md")), { env: { ...process.env, PRIVACY_HOSTING: "Supabase, região São Paulo" } });
      const written = readFileSync(join(dir, "registro.md"), "utf8");
      expect(written).toMatch(/^# Registro das operações de tratamento de dados pessoais/);
      expect(rowOf(written, "Onde os dados ficam")).toBe("| Onde os dados ficam | Supabase, região São Paulo |");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
