// A share link's views by GET, through the real PostgREST on PGlite and
// PostgreSQL 15 (scripts/sql/share-cache-sql.ts): a kept view comes with an
// ETag and a minute's Cache-Control, so browsers and CDNs keep it; asked
// again with its ETag it is a 304 without a body; a view made again is a new
// ETag; revoked, expired and unknown tokens stay one 404; the API guard lets
// exactly that GET through, writing nothing, while the POST that computes a
// view is still counted; and the GET lets out nothing the POST would not.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import pg from "pg";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { SHARED_GET_FUNCTION, SHARED_MAX_AGE_SECONDS } from "../../src/core/share-cache.ts";
import { API_BACKENDS } from "../support/fixture-api.ts";
import { fromAddress } from "../support/from-address.ts";
import { startResultsApi, TEAM, type ResultsApi } from "../support/results-api.ts";
import { shippedSurvey } from "../support/survey-rows.ts";
import { skewedRows, type Row } from "../support/share-attack.ts";

const config = shippedSurvey("medical-form");
const SHARED = ["genero", "cidade", "paisMedicina", "motivacao"];
const MINUTE = `public, max-age=${SHARED_MAX_AGE_SECONDS}`;

describe.each(API_BACKENDS)("a share link's views by GET on %s", { timeout: 600_000 }, (backend) => {
  let results: ResultsApi;
  let db: pg.Client;
  let rows: Row[];
  const owner = localAccessToken(TEAM.owner.email);

  beforeAll(async () => {
    results = await startResultsApi(backend);
    rows = skewedRows(config, { choices: ["genero", "cidade", "paisMedicina"], multiple: ["motivacao"], count: 160 }, backend === "PGlite" ? 7 : 77);
    const service = { apikey: results.api.serviceRoleKey, authorization: `Bearer ${results.api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
    const inserted = await fetch(`${results.api.restUrl}/${config.table}`, { method: "POST", headers: service, body: JSON.stringify(rows) });
    expect(inserted.status, await inserted.text()).toBe(201);
    db = new pg.Client({ connectionString: results.api.dbUrl });
    await db.connect();
  }, 600_000);
  afterAll(async () => {
    await db?.end();
    await results?.stop();
  });

  const parse = (text: string) => JSON.parse(text || "null") as unknown;
  const post = async (name: string, args: object, token: string | null = null) => {
    const response = await fetch(`${results.api.restUrl}/rpc/${name}`, {
      method: "POST",
      headers: { apikey: results.api.anonKey, ...(token && { authorization: `Bearer ${token}` }), "content-type": "application/json" },
      body: JSON.stringify(args),
    });
    const text = await response.text();
    return { status: response.status, text, body: parse(text) };
  };
  const get = async (args: Record<string, string>, headers: Record<string, string> = {}, name = SHARED_GET_FUNCTION) => {
    const response = await fetch(`${results.api.restUrl}/rpc/${name}?${new URLSearchParams(args)}`, { headers: { apikey: results.api.anonKey, ...headers } });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get("etag"), cache: response.headers.get("cache-control"), text, body: parse(text) };
  };
  const make = async (args: object = {}) => {
    const made = await post("results_share_create", { link_survey: config.id, link_questions: SHARED, link_crosstabs: true, ...args }, owner);
    expect(made.status, made.text).toBe(200);
    return made.body as { id: string; token: string };
  };
  const kept = async (token: string) =>
    (await db.query<{ name: string; made_at: string }>("select v.name, v.made_at::text from team.share_views v join team.share_links l on l.base = v.base where l.token_hash = sha256(convert_to($1, 'UTF8')) order by v.name", [token])).rows;
  const counted = async () => Number((await db.query<{ n: string }>("select coalesce(sum(requests), 0) as n from survey_private.request_counts")).rows[0]!.n);

  test("a kept view by GET: the POST's own answer with an ETag and a minute's Cache-Control; asked again with that ETag, 304 without a body, nothing computed or counted again", async () => {
    const { token } = await make();
    const numbers = await get({ token });
    expect([numbers.status, numbers.cache]).toEqual([200, MINUTE]);
    expect(numbers.etag).toMatch(/^"[0-9a-f]{32}-\d+"$/);
    expect(numbers.body).toEqual((await post("results_shared_numbers", { token })).body);
    const before = [await kept(token), await counted()];
    for (const ifNoneMatch of [numbers.etag!, `W/${numbers.etag}`, `"other", ${numbers.etag}`, "*"]) {
      const again = await get({ token }, { "if-none-match": ifNoneMatch });
      expect([ifNoneMatch, again.status, again.text, again.etag, again.cache]).toEqual([ifNoneMatch, 304, "", numbers.etag, MINUTE]);
    }
    expect((await get({ token }, { "if-none-match": '"other"' })).status).toBe(200);
    expect([await kept(token), await counted()]).toEqual(before);
  });

  test("a cross-tab not kept yet is null and not to be stored, until its POST computes and keeps it; readers by GET meanwhile see null or the kept answer, in either orientation", async () => {
    const { token } = await make();
    const axes = { token, row_axis: "paisMedicina", column_axis: "genero" };
    const missing = await get(axes);
    expect([missing.status, missing.body, missing.cache, missing.etag]).toEqual([200, null, "no-store", null]);
    const [computed, ...meanwhile] = await Promise.all([post("results_shared_crosstab", axes), ...Array.from({ length: 6 }, () => get(axes))]);
    expect(computed.status, computed.text).toBe(200);
    for (const reader of meanwhile) expect([reader.status, reader.body === null || JSON.stringify(reader.body) === JSON.stringify(computed.body)]).toEqual([200, true]);
    const cached = await get(axes);
    expect([cached.status, cached.cache, cached.body]).toEqual([200, MINUTE, computed.body]);
    const turned = { token, row_axis: "genero", column_axis: "paisMedicina" };
    expect((await get(turned)).body).toEqual((await post("results_shared_crosstab", turned)).body);
  });

  test("views made again (the operator deleted the kept ones) are a new ETag, and the old ETag is answered whole", async () => {
    const { token } = await make();
    const old = await get({ token });
    await db.query("delete from team.share_views v using team.share_links l where l.base = v.base and l.token_hash = sha256(convert_to($1, 'UTF8'))", [token]);
    expect((await get({ token })).body).toBeNull();
    expect((await post("results_shared_numbers", { token })).status).toBe(200);
    const renewed = await get({ token }, { "if-none-match": old.etag! });
    expect([renewed.status, renewed.etag === old.etag, renewed.cache]).toEqual([200, false, MINUTE]);
    expect(renewed.body).toEqual({ ...(old.body as object), updatedAt: (renewed.body as { updatedAt: string }).updatedAt });
    expect((await get({ token }, { "if-none-match": renewed.etag! })).status).toBe(304);
  });

  test("revoked, expired and unknown tokens are the same 404 by GET, also asked with the ETag a browser kept; a link that expires sooner is cached no longer than it lives", async () => {
    const revoked = await make();
    const etag = (await get({ token: revoked.token })).etag!;
    expect((await post("results_share_revoke", { link_id: revoked.id }, owner)).body).toBe(true);
    const expired = await make({ link_expires_at: new Date(Date.now() - 1000).toISOString() });
    const answers = [
      await get({ token: revoked.token }, { "if-none-match": etag }),
      await get({ token: revoked.token, row_axis: "genero", column_axis: "cidade" }),
      await get({ token: expired.token }),
      await get({ token: "0".repeat(64) }),
      await get({ token: "" }),
    ];
    expect(answers.map(({ status }) => status)).toEqual([404, 404, 404, 404, 404]);
    expect(new Set(answers.map(({ text }) => text)).size).toBe(1);
    const soon = await make({ link_expires_at: new Date(Date.now() + 30_000).toISOString() });
    const seconds = Number(/^public, max-age=(\d+)$/.exec((await get({ token: soon.token })).cache ?? "")?.[1]);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  test("the API guard lets exactly that GET through: other functions by GET and HEAD stay 405, the GET writes no count, and the POST that computes is still limited", async () => {
    const { token } = await make();
    const refused = [
      (await get({ token }, {}, "results_shared_numbers")).status,
      (await get({ token, row_axis: "genero", column_axis: "cidade" }, {}, "results_shared_crosstab")).status,
      (await get({ survey: config.id }, {}, "results_numbers")).status,
      (await fetch(`${results.api.restUrl}/rpc/${SHARED_GET_FUNCTION}?token=${token}`, { method: "HEAD", headers: { apikey: results.api.anonKey } })).status,
    ];
    expect(refused).toEqual([405, 405, 405, 405]);
    const budget = 3;
    await db.query("update survey_private.settings set writes_per_minute = $1", [budget]);
    try {
      const before = await counted();
      const url = (name: string, query = "") => `${results.api.restUrl}/rpc/${name}${query}`;
      const gets = await Promise.all(Array.from({ length: 3 * budget }, () => fromAddress(url(SHARED_GET_FUNCTION, `?token=${token}`), { method: "GET", from: "127.0.0.57", headers: { apikey: results.api.anonKey } })));
      expect(gets.map(({ status }) => status)).toEqual(gets.map(() => 200));
      expect(await counted()).toBe(before);
      // Counted in fixed minutes: of 2 budgets and one more, at least one is refused even when a minute ends among them.
      const posts = [];
      for (let at = 0; at <= 2 * budget; at++) posts.push((await fromAddress(url("results_shared_numbers"), { from: "127.0.0.57", headers: { apikey: results.api.anonKey }, body: { token } })).status);
      expect([posts.slice(0, budget), posts.includes(429)]).toEqual([Array<number>(budget).fill(200), true]);
    } finally {
      await db.query("update survey_private.settings set writes_per_minute = default");
    }
  });

  test("by GET a link reaches no row, no free text it does not allow, no personal answer and no cross-tab it does not offer, even when another link of its base keeps them", async () => {
    const withTexts = await make({ link_questions: [...SHARED, "sonhoCarreira"], link_free_texts: true });
    expect((await post("results_shared_crosstab", { token: withTexts.token, row_axis: "genero", column_axis: "motivacao" })).status).toBe(200);
    const shown = await get({ token: withTexts.token });
    expect(shown.text).toContain("Ser cardiologista");
    const narrow = await make({ link_questions: ["genero", "cidade"] });
    const numbers = await get({ token: narrow.token });
    expect(Object.keys((numbers.body as { numbers: object }).numbers).sort()).toEqual(["cidade", "genero"]);
    expect(numbers.text).not.toMatch(/"texts"|Ser cardiologista|nomeCompleto|nome_completo|Ana Lima|motivacao/);
    expect(rows.some((row) => numbers.text.includes(row.id))).toBe(false);
    const asked = [["genero", "motivacao"], ["nomeCompleto", "genero"], ["sonhoCarreira", "genero"], ["genero", "genero"]];
    const crafted = await Promise.all(asked.map(([row_axis, column_axis]) => get({ token: narrow.token, row_axis: row_axis!, column_axis: column_axis! })));
    expect(crafted.map(({ status }) => status)).toEqual([400, 400, 400, 400]);
    const oneAxis = await get({ token: narrow.token, row_axis: "genero" });
    const noCrosstabs = await make({ link_crosstabs: false });
    const closed = await get({ token: noCrosstabs.token, row_axis: "genero", column_axis: "cidade" });
    const otherArguments = await get({ token: narrow.token, survey: config.id });
    expect([oneAxis.status, closed.status, closed.text.includes("share/noCrosstabs"), otherArguments.status >= 400]).toEqual([400, 400, true, true]);
  });
});
