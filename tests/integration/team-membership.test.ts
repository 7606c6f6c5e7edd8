// Membership changes through PostgREST, as owners make them on the results
// site, on PGlite and on PostgreSQL 15 (PostgREST's pool holds several
// connections there, so two owners' requests really run at once): the team
// never loses its last owner whatever the interleaving, and every change is
// in the append-only log of who changed whom, how and when.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { startResultsApi, TEAM, type ResultsApi } from "../support/results-api.ts";
import { API_BACKENDS } from "../support/fixture-api.ts";

const ROUNDS = 100;

describe.each(API_BACKENDS)("team membership on %s", { timeout: 600_000 }, (backend) => {
  let results: ResultsApi;
  beforeAll(async () => {
    results = await startResultsApi(backend);
  }, 300_000);
  afterAll(() => results?.stop());

  const service = () => ({ apikey: results.api.serviceRoleKey, authorization: `Bearer ${results.api.serviceRoleKey}`, "content-type": "application/json" });
  const asMember = (email: string) => ({ apikey: results.api.anonKey, authorization: `Bearer ${localAccessToken(email)}`, "content-type": "application/json" });
  let requests = 0;
  /**
   * A member's call, each from a loopback address of its own (127.0.0.0/8 all
   * reach this machine): the respondents' write limit per address is not what is tested here.
   */
  const rpc = (email: string, name: string, args: object) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      requests += 1;
      const url = new URL(`${results.api.restUrl}/rpc/${name}`);
      const from = `127.0.${Math.floor(requests / 250) + 1}.${(requests % 250) + 1}`;
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress: from, headers: asMember(email) }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      });
      req.once("error", reject);
      req.end(JSON.stringify(args));
    });
  const owners = async () => {
    const response = await fetch(`${results.api.restUrl}/team_members?role=eq.owner&select=email`, { headers: service() });
    return ((await response.json()) as { email: string }[]).map((row) => row.email);
  };
  /** The team as a round starts: these two the only owners. */
  const onlyOwners = async (a: string, b: string) => {
    const reset = await fetch(`${results.api.restUrl}/team_members?role=eq.owner`, { method: "DELETE", headers: service() });
    expect(reset.ok, await reset.text()).toBe(true);
    const added = await fetch(`${results.api.restUrl}/team_members`, {
      method: "POST",
      headers: { ...service(), prefer: "return=minimal,resolution=merge-duplicates" },
      body: JSON.stringify([a, b].map((email) => ({ email, role: "owner", personal: false }))),
    });
    expect(added.ok, await added.text()).toBe(true);
  };

  test(`${ROUNDS} pairs of owners removing or demoting each other at the same moment leave an owner every time`, async () => {
    const ownerless: number[] = [];
    let refused = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const [a, b] = [`a${round}@equipe.test`, `b${round}@equipe.test`];
      await onlyOwners(a, b);
      // Remove each other, demote each other, or one of each.
      const against = (by: string, whom: string, demote: boolean) =>
        demote ? rpc(by, "results_set_member", { member_email: whom, member_role: "viewer" }) : rpc(by, "results_remove_member", { member_email: whom });
      const answers = await Promise.all([against(a, b, round % 3 === 1), against(b, a, round % 3 !== 0)]);
      for (const { status, text } of answers) expect([204, 400, 403], text).toContain(status);
      refused += answers.filter(({ status }) => status !== 204).length;
      if ((await owners()).length === 0) ownerless.push(round);
    }
    expect(ownerless).toEqual([]);
    // Every round refused at least one of the two: the second saw the first's change.
    expect(refused).toBeGreaterThanOrEqual(ROUNDS);
  });

  test("an owner demoted or removed by another cannot change the team any more", async () => {
    await onlyOwners(TEAM.owner.email, "second@equipe.test");
    expect((await rpc("second@equipe.test", "results_set_member", { member_email: TEAM.owner.email, member_role: "analyst" })).status).toBe(204);
    expect((await rpc(TEAM.owner.email, "results_remove_member", { member_email: "second@equipe.test" })).status).toBe(403);
    expect(await owners()).toEqual(["second@equipe.test"]);
  });

  type Entry = { id: number; at: string; actor: string; member: string; action: string; role_before: string | null; role_after: string | null; personal_before: boolean | null; personal_after: boolean | null };
  const logOf = async (email: string) => JSON.parse((await rpc(email, "results_member_log", { page_size: 1000 })).text) as Entry[];

  test("every change is in the log, whoever made it and by whatever door: who, whom, what, when", async () => {
    await onlyOwners(TEAM.owner.email, "second@equipe.test");
    const [newest] = await logOf(TEAM.owner.email);
    expect((await rpc(TEAM.owner.email, "results_set_member", { member_email: "Nova@Equipe.test", member_role: "viewer" })).status).toBe(204);
    expect((await rpc(TEAM.owner.email, "results_set_member", { member_email: "nova@equipe.test", member_role: "analyst", member_personal: true })).status).toBe(204);
    // Saved again unchanged: nothing to record.
    expect((await rpc(TEAM.owner.email, "results_set_member", { member_email: "nova@equipe.test", member_role: "analyst", member_personal: true })).status).toBe(204);
    expect((await rpc("second@equipe.test", "results_remove_member", { member_email: "nova@equipe.test" })).status).toBe(204);
    const direct = await fetch(`${results.api.restUrl}/team_members`, { method: "POST", headers: { ...service(), prefer: "return=minimal" }, body: JSON.stringify({ email: "operador@equipe.test", role: "viewer" }) });
    expect(direct.status).toBe(201);
    const log = (await logOf(TEAM.owner.email)).filter((entry) => entry.id > newest!.id);
    expect(log.map(({ actor, member, action, role_before, role_after, personal_before, personal_after }) => ({ actor, member, action, role_before, role_after, personal_before, personal_after }))).toEqual([
      { actor: "service_role", member: "operador@equipe.test", action: "added", role_before: null, role_after: "viewer", personal_before: null, personal_after: false },
      { actor: "second@equipe.test", member: "nova@equipe.test", action: "removed", role_before: "analyst", role_after: null, personal_before: true, personal_after: null },
      { actor: TEAM.owner.email, member: "nova@equipe.test", action: "changed", role_before: "viewer", role_after: "analyst", personal_before: false, personal_after: true },
      { actor: TEAM.owner.email, member: "nova@equipe.test", action: "added", role_before: null, role_after: "viewer", personal_before: null, personal_after: false },
    ]);
    for (const entry of log) expect(Math.abs(Date.parse(entry.at) - Date.now())).toBeLessThan(10 * 60_000);
  });

  test("the log is append-only: an owner reads it and can neither write, change nor delete a line; other members do not read it", async () => {
    await onlyOwners(TEAM.owner.email, "second@equipe.test");
    const rest = (who: string, method: string, path: string, body?: object) =>
      fetch(`${results.api.restUrl}/${path}`, { method, headers: { ...asMember(who), prefer: "return=representation" }, body: body && JSON.stringify(body) }).then(async (response) => ({ status: response.status, text: await response.text() }));
    const before = await logOf(TEAM.owner.email);
    expect(before.length).toBeGreaterThan(0);
    const read = await rest(TEAM.owner.email, "GET", "team_member_log?select=id");
    expect(JSON.parse(read.text)).toHaveLength(before.length);
    expect((await rest(TEAM.owner.email, "PATCH", "team_member_log?id=gt.0", { actor: "nobody" })).status).toBe(403);
    expect((await rest(TEAM.owner.email, "DELETE", "team_member_log?id=gt.0")).status).toBe(403);
    expect((await rest(TEAM.owner.email, "POST", "team_member_log", { actor: "nobody", member: "x@equipe.test", action: "added" })).status).toBe(403);
    expect(await logOf(TEAM.owner.email)).toEqual(before);
    for (const member of [TEAM.viewer.email, TEAM.analyst.email, TEAM.personal.email]) {
      expect(JSON.parse((await rest(member, "GET", "team_member_log?select=id")).text)).toEqual([]);
      expect((await rpc(member, "results_member_log", {})).status).toBe(403);
    }
  });

  test("an owner may not give themselves the personal-data grant; another owner may, and the log says who gave it", async () => {
    await onlyOwners(TEAM.owner.email, "second@equipe.test");
    const [newest] = await logOf(TEAM.owner.email);
    const refused = await rpc(TEAM.owner.email, "results_set_member", { member_email: TEAM.owner.email, member_role: "owner", member_personal: true });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).message).toContain("may not give themselves the personal-data grant");
    expect((await logOf(TEAM.owner.email))[0]).toEqual(newest);
    expect((await rpc("second@equipe.test", "results_set_member", { member_email: TEAM.owner.email, member_role: "owner", member_personal: true })).status).toBe(204);
    expect((await logOf(TEAM.owner.email))[0]).toMatchObject({ actor: "second@equipe.test", member: TEAM.owner.email, action: "changed", personal_before: false, personal_after: true });
    // Holding it, they may keep it when they save their own row again, and give it up.
    expect((await rpc(TEAM.owner.email, "results_set_member", { member_email: TEAM.owner.email, member_role: "owner", member_personal: true })).status).toBe(204);
    expect((await rpc(TEAM.owner.email, "results_set_member", { member_email: TEAM.owner.email, member_role: "owner", member_personal: false })).status).toBe(204);
  });
});
