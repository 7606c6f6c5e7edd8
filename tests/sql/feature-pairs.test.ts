/**
 * The feature matrix (scripts/lib/feature-pairs.ts), generated from the list
 * `npm run validate` reads: every pair of opt-in features is refused by
 * validate with its reason, is one setting (a file cannot state both), or is
 * built into one survey whose database, on PGlite, stores a response sent
 * the way that survey's page sends it (partial responses step by step through
 * their save function, others by the public insert) and then keeps each of
 * the two features' promises. One database for all the pairs, SQL only: the
 * races between two sessions are in once.test.ts and partial-seams.test.ts
 * on PostgreSQL 15.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { randomUUID } from "node:crypto";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CAMPAIGN_ERROR_CODES } from "../../src/core/campaign.ts";
import { QUOTA_ERROR_CODE } from "../../src/core/quotas.ts";
import { BOT_CHECK, ONCE_ERROR_CODES, ONCE_KEY } from "../../src/core/once.ts";
import { partialFunctionName } from "../../src/core/partial-response.ts";
import { newReceiptCode, receiptFunctionName } from "../../src/core/receipt.ts";
import { drawShownOrder, SHOWN_ORDER_COLUMN } from "../../src/core/shown-order.ts";
import { ARM_COLUMN, armFunctionName } from "../../src/core/arms.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { featurePairErrors, featurePairs, OPT_IN_FEATURES, pairRule, type OptInFeature } from "../../scripts/lib/feature-pairs.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { consentVersions } from "../../scripts/sql/consent-versions.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { MINT_LINKS_FUNCTION } from "../../scripts/sql/once-sql.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { solveAltcha } from "../support/altcha.ts";
import { pgliteBackend, type SqlBackend } from "../support/sql-backends.ts";

type Row = Record<string, unknown>;

/** A survey with both features, and what it needs to be answered. */
interface Pair {
  config: SurveyConfig;
  features: readonly OptInFeature[];
  /** The accepted consent version, when it has consent. */
  consentVersion?: string;
}

interface Scenario {
  /** The feature turned on in a file. */
  turnOn: (config: SurveyConfig) => SurveyConfig;
  /** What a response of this survey carries for the feature (fresh for each response). */
  carries?: (db: SqlBackend, pair: Pair) => Promise<Row>;
  /** The feature's promise, checked after `first` was stored; runs after every scenario without `last`. */
  holds: (db: SqlBackend, pair: Pair, first: Row) => Promise<void>;
  last?: true;
}

const table = (features: readonly OptInFeature[]) => `pair_${features.map((feature) => feature.replace(/[A-Z]/g, (c) => c.toLowerCase()).slice(0, 9)).join("_")}`;
const count = async (db: SqlBackend, sql: string, params: unknown[]) => Number((await db.query<{ n: number }>(sql, params))[0]!.n);
const outcome = (attempt: Promise<unknown>) => attempt.then(() => "stored", (error: { code?: string }) => error.code ?? String(error));

/** Sends a response as the survey's page does: the partial save at each of two steps (only the first with `finish` false), or one insert. */
async function send(db: SqlBackend, pair: Pair, row: Row, finish = true): Promise<string> {
  const { config } = pair;
  if (config.partialResponses) {
    const save = (response: Row) => outcome(db.asRole("anon", `select public.${partialFunctionName(config.table, "save")}($1::jsonb, $2)`, [JSON.stringify(response), "s".repeat(43)]));
    const first = await save({ id: row.id, definition_version: row.definition_version, nombre: row.nombre, last_step: "correo", ...(row.language ? { language: row.language } : {}), ...(row.consent_version ? { consent_version: row.consent_version } : {}) });
    if (first !== "stored" || !finish) return first;
    return save({ ...row, finished: true });
  }
  const columns = Object.keys(row);
  return outcome(db.asRole("anon", `insert into public.${config.table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`, Object.values(row)));
}

/** A fresh response with everything each of the survey's features needs; `overrides` last. */
async function response(db: SqlBackend, pair: Pair, overrides: Row = {}): Promise<Row> {
  const row: Row = { id: randomUUID(), definition_version: definitionVersion(pair.config), nombre: "Ana", correo: `${randomUUID()}@example.org`, etapa: "Revalidando" };
  for (const feature of pair.features) Object.assign(row, await SCENARIOS[feature].carries?.(db, pair));
  return { ...row, ...overrides };
}

const secondIsRefused = (code: string, key: (first: Row) => Row) => async (db: SqlBackend, pair: Pair, first: Row) => {
  expect(await send(db, pair, await response(db, pair, key(first)))).toBe(code);
};

const SCENARIOS: Record<OptInFeature, Scenario> = {
  partialResponses: {
    turnOn: (config) => ({ ...config, partialResponses: true }),
    holds: async (db, pair, first) => {
      expect(await count(db, `select count(*)::int as n from public.${pair.config.table} where id = $1 and finished`, [first.id])).toBe(1);
    },
  },
  receipt: {
    turnOn: (config) => ({ ...config, receipt: {} }),
    carries: async () => ({ receipt_hash: newReceiptCode() }),
    holds: async (db, pair, first) => {
      const [read] = await db.query<{ row: Row | null }>(`select public.${receiptFunctionName(pair.config.table, "read")}($1) as row`, [first.receipt_hash]);
      expect(read!.row).toMatchObject({ id: first.id });
    },
  },
  oncePerBrowser: {
    turnOn: (config) => ({ ...config, oncePer: "browser" }),
    carries: async () => ({ [ONCE_KEY]: randomUUID() }),
    holds: secondIsRefused(ONCE_ERROR_CODES.taken, (first) => ({ [ONCE_KEY]: first[ONCE_KEY] })),
  },
  oncePerLink: {
    turnOn: (config) => ({ ...config, oncePer: "link" }),
    carries: async (db, pair) => ({ [ONCE_KEY]: (await db.query<{ token: string }>(`select ${MINT_LINKS_FUNCTION}($1, 1) as token`, [pair.config.table]))[0]!.token }),
    holds: secondIsRefused(ONCE_ERROR_CODES.taken, (first) => ({ [ONCE_KEY]: first[ONCE_KEY] })),
  },
  oncePerField: {
    turnOn: (config) => ({ ...config, oncePer: "field", oncePerQuestion: "correo" }),
    holds: secondIsRefused(ONCE_ERROR_CODES.taken, (first) => ({ correo: ` ${String(first.correo).toUpperCase()}` })),
  },
  consent: {
    turnOn: (config) => ({
      ...config,
      consent: { heading: "Antes", text: "{professionalName} guarda tus respuestas.", noticeLabel: "Aviso", noticeUrl: "https://example.org/privacidad", checkboxLabel: "Acepto", buttonLabel: "Comenzar" },
      processing: { controller: "Exemplo Ltda., privacidade@example.org", purpose: "Conhecer o público", legalBasis: "consent" },
    }),
    carries: async (_, pair) => ({ consent_version: pair.consentVersion }),
    holds: async (db, pair, first) => {
      expect((await db.query<Row>(`select consent_version from public.${pair.config.table} where id = $1`, [first.id]))[0]!.consent_version).toBe(pair.consentVersion);
      expect(await send(db, pair, await response(db, pair, { consent_version: "0000000000000000" }))).toBe("23514");
    },
  },
  botCheck: {
    turnOn: (config) => ({ ...config, botCheck: true }),
    carries: async (db) => ({ [BOT_CHECK]: await solveAltcha((await db.query<{ challenge: Record<string, unknown> }>("select public.altcha_challenge() as challenge"))[0]!.challenge) }),
    holds: async (db, pair) => {
      const reused = await response(db, pair);
      expect(await send(db, pair, reused)).toBe("stored");
      expect(await send(db, pair, await response(db, pair, { [BOT_CHECK]: reused[BOT_CHECK] }))).toBe(ONCE_ERROR_CODES.botCheckFailed);
    },
  },
  notifications: {
    turnOn: (config) => ({ ...config, notifications: { owner: "equipe@example.org", webhooks: [{ name: "crm", url: "https://crm.example.org/hook" }] } }),
    holds: async (db, pair, first) => {
      // One event for the response, recorded once it is finished (a partial response's first step records none).
      const events = (id: unknown) => count(db, "select count(*)::int as n from outbox.events where survey_table = $1 and response_id = $2", [pair.config.table, id]);
      expect(await events(first.id)).toBe(1);
      if (!pair.config.partialResponses) return;
      const left = await response(db, pair);
      expect(await send(db, pair, left, false)).toBe("stored");
      expect(await events(left.id)).toBe(0);
    },
  },
  severalLanguages: {
    turnOn: (config) => ({ ...config, languages: ["es", "pt-BR"] }),
    carries: async () => ({ language: "pt-BR" }),
    holds: async (db, pair, first) => {
      expect((await db.query<Row>(`select language from public.${pair.config.table} where id = $1`, [first.id]))[0]!.language).toBe("pt-BR");
    },
  },
  shuffle: {
    turnOn: (config) => ({
      ...config,
      questionBlocks: [{ questions: ["correo", "etapa"], shuffleQuestions: true }],
      questions: config.questions.map((question) => (question.id === "etapa" ? { ...question, shuffleOptions: true, options: ["Estudiando", "Revalidando", { value: "Otra", label: "Otra", anchored: true }] } : question)) as SurveyConfig["questions"],
    }),
    carries: async (_, pair) => ({ [SHOWN_ORDER_COLUMN]: drawShownOrder(pair.config, Math.floor(Math.random() * 2 ** 32)) }),
    holds: async (db, pair, first) => {
      expect((await db.query<Row>(`select ${SHOWN_ORDER_COLUMN} from public.${pair.config.table} where id = $1`, [first.id]))[0]![SHOWN_ORDER_COLUMN]).toEqual(first[SHOWN_ORDER_COLUMN]);
      expect(await send(db, pair, await response(db, pair, { [SHOWN_ORDER_COLUMN]: ["correo", "etapa"] }))).toBe("23514");
    },
  },
  arms: {
    turnOn: (config) => ({ ...config, arms: [{ id: "a" }, { id: "b", questions: { etapa: { title: "¿Tu etapa ahora?" } } }] }),
    carries: async (db, pair) => ({ [ARM_COLUMN]: (await db.query<{ arm: string }>(`select public.${armFunctionName(pair.config.table)}() as arm`))[0]!.arm, arm_source: "database" }),
    holds: async (db, pair, first) => {
      expect((await db.query<Row>(`select ${ARM_COLUMN} from public.${pair.config.table} where id = $1`, [first.id]))[0]![ARM_COLUMN]).toBe(first[ARM_COLUMN]);
      expect(await send(db, pair, await response(db, pair, { [ARM_COLUMN]: "z" }))).toBe("23514");
    },
  },
  campaignLimit: {
    turnOn: (config) => ({ ...config, maxResponses: 3 }),
    // Last: the other checks' refused responses take no place; their stored ones (the bot check's) do.
    last: true,
    holds: async (db, pair) => {
      const finished = async () => count(db, `select count(*)::int as n from public.${pair.config.table}${pair.config.partialResponses ? " where finished" : ""}`, []);
      while ((await finished()) < 3) expect(await send(db, pair, await response(db, pair))).toBe("stored");
      expect(await send(db, pair, await response(db, pair))).toBe(CAMPAIGN_ERROR_CODES.full);
    },
  },

  quotas: {
    turnOn: (config) => ({ ...config, quotas: [{ id: "estudiando", when: { question: "etapa", equals: "Estudiando" }, max: 1, screenOut: { heading: "¡Gracias!", text: "Ya tenemos todas las respuestas de tu grupo." } }] }),
    // The other scenarios answer "Revalidando", which the quota does not count: the first of its group is stored, the second turned away.
    holds: async (db, pair) => {
      expect(await send(db, pair, await response(db, pair, { etapa: "Estudiando" }))).toBe("stored");
      expect(await send(db, pair, await response(db, pair, { etapa: "Estudiando" }))).toBe(QUOTA_ERROR_CODE);
    },
  },
};

const BASE: SurveyConfig = {
  $schema: "./survey.schema.json",
  schemaVersion: 2,
  id: "",
  route: "",
  table: "",
  language: "es",
  pageTitle: "Par",
  professionalName: "nuestro equipo",
  questions: [
    { id: "nombre", type: "text", title: "¿Cómo te llamas?", emoji: "👋", required: true },
    { id: "correo", type: "email", title: "¿Tu correo?", emoji: "📧", required: true },
    { id: "etapa", type: "radio", title: "¿En qué etapa estás?", emoji: "🩺", required: true, options: ["Estudiando", "Revalidando"] },
  ],
} as SurveyConfig;

function pairSurvey(features: readonly OptInFeature[]): SurveyConfig {
  const name = table(features);
  return features.reduce((config, feature) => SCENARIOS[feature].turnOn(config), { ...BASE, id: name.replaceAll("_", "-"), route: `/${name.replaceAll("_", "-")}`, table: name });
}

const pairs = featurePairs();
const name = (pair: readonly OptInFeature[]) => pair.join(" + ");

describe("every pair of opt-in features has a rule", () => {
  test("the matrix covers every feature with every other", () => {
    const features = Object.keys(OPT_IN_FEATURES);
    expect(pairs).toHaveLength((features.length * (features.length - 1)) / 2);
  });

  const refused = pairs.flatMap((pair) => {
    const rule = pairRule(pair);
    return "refused" in rule ? [[name(pair), pair, rule.refused] as const] : [];
  });
  test.each(refused)("%s: validate refuses it and says why", (_, pair, why) => {
    const dir = mkdtempSync(join(tmpdir(), "feature-pair-"));
    try {
      const config = pairSurvey(pair);
      mkdirSync(join(dir, "surveys"));
      writeFileSync(join(dir, "surveys", `${config.id}.json`), JSON.stringify(config));
      const { errors } = loadSurveys(join(dir, "surveys"), join(dir, "migrations"));
      expect(errors.map((error) => error.message)).toContain(why);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const oneSetting = pairs.filter((pair) => "oneSetting" in pairRule(pair)).map((pair) => [name(pair), pair] as const);
  test.each(oneSetting)("%s: one setting, a file states one of them", (_, pair) => {
    const config = pairSurvey(pair);
    expect(pair.filter((feature) => OPT_IN_FEATURES[feature].uses(config))).toEqual([pair[1]]);
  });
});

describe("every pair built together stores a response and keeps both features' promises (PGlite)", () => {
  const together = pairs.filter((pair) => "together" in pairRule(pair));
  const built: Pair[] = together.map((features) => ({ config: pairSurvey(features), features }));
  let db: SqlBackend;

  beforeAll(async () => {
    db = await pgliteBackend();
    const parsed = built.map(({ config }) => ({ file: `surveys/${config.id}.json`, config }));
    for (const pair of built) if (pair.config.consent) pair.consentVersion = consentVersions({ file: `surveys/${pair.config.id}.json`, config: pair.config })[0];
    for (const migration of planMigrations(parsed, emptyDbState()).migrations) await db.migrate(migration.content);
  }, 600_000);
  afterAll(() => db?.close());

  test.each(built.map((pair) => [name(pair.features), pair] as const))("%s", async (_, pair) => {
    expect(featurePairErrors(pair.config)).toEqual([]);
    const first = await response(db, pair);
    expect(await send(db, pair, first)).toBe("stored");
    const order = [...pair.features].sort((a, b) => Number(SCENARIOS[a].last ?? false) - Number(SCENARIOS[b].last ?? false));
    for (const feature of order) await SCENARIOS[feature].holds(db, pair, first);
  }, 120_000);
});
