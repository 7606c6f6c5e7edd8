// npm run report as an operator runs it, on some ten thousand seeded
// responses: in a terminal (a pseudo-terminal from util-linux's script) it
// shows one progress line that updates in place and ends in the summary;
// with its output in a file it writes the summary only; Ctrl-C in the middle
// of reading leaves no report under the final names and an earlier one as it was.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedReportSql } from "../../scripts/bench/seed-report-data.ts";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { psql } from "../../scripts/data-api/psql.ts";
import { command, REPO } from "../scripts/helpers.ts";
import { surveyForRoute } from "../support/surveys.ts";

const config = surveyForRoute("/foreign-form")!;
const REPORT = command("scripts/report/cli.ts", "--survey", config.id, "--language", "pt-BR");
let api: DataApi;
let responses: number;

const environment = (url: string) => ({ ...process.env, SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: api.serviceRoleKey });

/** Runs the report; resolves with its exit code and everything it printed. */
function runReport(args: string[], options: { url?: string; stdio?: "pipe" | number; onOutput?: (output: string) => void } = {}) {
  const child = spawn(args[0]!, args.slice(1), {
    cwd: REPO,
    env: environment(options.url ?? api.url),
    stdio: ["pipe", options.stdio ?? "pipe", options.stdio ?? "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    options.onOutput?.(output);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.once("exit", (code) => resolve({ code, output })));
  return { child, exited };
}

/** The lines a terminal showed in turn: a return to the first column or a cleared line starts a new one; escape codes dropped. */
function framesOf(output: string): string[] {
  // eslint-disable-next-line no-control-regex
  return output.split(/\r|\n|\x1b\[1G|\x1b\[2K/).map((frame) => frame.replace(/\x1b\[[0-9;?]*[A-Za-z]|\x1b[78]/g, "").trim()).filter(Boolean);
}

const files = (dir: string) => readdirSync(dir).sort();
const digestOf = (dir: string) => (name: string) => createHash("sha256").update(readFileSync(join(dir, name))).digest("hex");

beforeAll(async () => {
  api = await startDataApi({ port: 0, dataDir: null, quiet: true });
  await psql(api.dbUrl, [], seedReportSql(config, { visits: 1500, extraResponses: 10_000, seed: 0.61 }));
  responses = Number((await psql(api.dbUrl, ["--tuples-only", "--no-align", "--command", `select count(*) from public.${config.table}`])).trim());
}, 180_000);

afterAll(async () => {
  await api?.stop();
});

describe("npm run report in a terminal and in a log", () => {
  test("in a terminal, one line shows what is read, rows of the total, a bar and the time, updates in place, and ends in the summary", async () => {
    expect(responses).toBeGreaterThan(10_000);
    const out = mkdtempSync(join(tmpdir(), "report-tty-"));
    const command = ["node", ...REPORT, "--out", out].join(" ");
    const { code, output } = await runReport(["script", "--quiet", "--return", "--command", `stty cols 120 rows 30; exec ${command}`, "/dev/null"]).exited;
    expect(code, output).toBe(0);
    const frames = framesOf(output);
    const total = new Intl.NumberFormat("pt-BR").format(responses);
    const readingResponses = frames.filter((frame) => frame.startsWith(`${config.id} · lendo respostas`));
    // Page by page (the API gives at most 1,000 rows a page): rows read of the total, rising to all of them.
    const read = readingResponses.map((frame) => {
      const [, rows, of] = / ([\d.]+) \/ ([\d.]+) · /.exec(frame) ?? [];
      expect(of, frame).toBe(total);
      return Number(rows!.replaceAll(".", ""));
    });
    expect(new Set(read).size, readingResponses.join("\n")).toBeGreaterThan(5);
    expect(read).toEqual([...read].sort((a, b) => a - b));
    // Then what it writes, with every row read.
    expect(frames.some((frame) => frame.startsWith(`${config.id} · gravando ${join(out, "foreign-form.html")} `) && frame.includes(` 100,0% · ${total} / ${total} · `))).toBe(true);
    expect(frames.at(-1)).toMatch(new RegExp(`^foreign-form: ${total.replace(".", "\\.")} respostas, 1\\.500 visitas → .*foreign-form\\.html, .*foreign-form\\.csv \\([\\d,]+ s, pico de memória \\d+ MB\\)$`));
    // The progress line is cleared before the summary is printed.
    expect(output.lastIndexOf("\x1b[2K")).toBeGreaterThan(output.lastIndexOf("lendo respostas"));
    expect(files(out)).toEqual(["foreign-form.csv", "foreign-form.html"]);
  }, 120_000);

  test("with its output in a file there is no progress line, only the summary", async () => {
    const out = mkdtempSync(join(tmpdir(), "report-log-"));
    const log = join(out, "report.log");
    const fd = openSync(log, "w");
    const { code } = await runReport(["node", ...REPORT, "--out", out], { stdio: fd }).exited;
    closeSync(fd);
    expect(code).toBe(0);
    const written = readFileSync(log, "utf8");
    expect(written).toMatch(/^foreign-form: [\d.]+ respostas, 1\.500 visitas → [^\n]+\n$/);
    expect(written).not.toMatch(/[\r\x1b]/);
  }, 120_000);
});

describe("Ctrl-C while the report reads", () => {
  let proxy: Server;
  let held: () => void;

  /** The data API behind a proxy that holds back the second page of responses: the run is then surely mid-read. */
  beforeAll(async () => {
    proxy = createServer(async (request, response) => {
      if (request.url?.startsWith(`/rest/v1/${config.table}?`) && request.url.includes("id=gt.")) return held();
      // The numbers are one POST (report.survey_numbers): passed on with its body.
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = request.method === "POST" ? Buffer.concat(chunks) : undefined;
      const upstream = await fetch(`${api.url}${request.url}`, { method: request.method, headers: request.headers as Record<string, string>, body });
      response.writeHead(upstream.status, Object.fromEntries(upstream.headers));
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  });

  afterAll(() => {
    proxy.closeAllConnections();
    proxy.close();
  });

  async function interruptedRun(out: string) {
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const midRead = new Promise<void>((resolve) => (held = resolve));
    const run = runReport(["node", ...REPORT, "--out", out], { url });
    await midRead;
    run.child.kill("SIGINT");
    return run.exited;
  }

  test("leaves neither reports/<id>.html nor .csv, nor a temporary file", async () => {
    const out = mkdtempSync(join(tmpdir(), "report-interrupted-"));
    const { code, output } = await interruptedRun(out);
    expect(code, output).toBe(130);
    expect(output).toContain(`Interrompido: nenhum relatório pela metade ficou em ${out}.`);
    expect(files(out)).toEqual([]);
  }, 120_000);

  test("leaves an earlier complete report as it was", async () => {
    const out = mkdtempSync(join(tmpdir(), "report-kept-"));
    expect((await runReport(["node", ...REPORT, "--out", out]).exited).code).toBe(0);
    const before = files(out).map(digestOf(out));
    const { code } = await interruptedRun(out);
    expect(code).toBe(130);
    expect(files(out)).toEqual(["foreign-form.csv", "foreign-form.html"]);
    expect(files(out).map(digestOf(out))).toEqual(before);
  }, 120_000);
});
