/**
 * A throw-away PostgreSQL server started with a prepared setup (postgres-server.ts): the setup runs
 * once per set of inputs and later starts copy its cluster, so a changed input (a migration's text)
 * must run it again, or the tests would read a schema the files no longer describe.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { preparedTemplate, startPostgresServer, type PreparedCluster } from "../../scripts/bench/postgres-server.ts";

// Each test's setups are named by a run of its own (a template another run kept is never found), and removed after.
const kept: (readonly string[])[] = [];
afterAll(() => kept.forEach((inputs) => rmSync(preparedTemplate(inputs), { recursive: true, force: true })));
const named = (prepared: PreparedCluster) => (kept.push(prepared.inputs), prepared);

async function rowsOf(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

test("a setup runs once per set of inputs; a start with the same inputs has its state, other inputs run it again", { timeout: 60_000 }, async () => {
  const run = randomUUID();
  const runs: string[] = [];
  const setup = (text: string): PreparedCluster => named({
    inputs: [run, text],
    prepare: async (url) => {
      runs.push(text);
      await rowsOf(url, `create table kept (text text); insert into kept values ('${text}')`);
    },
  });
  const read: string[] = [];
  for (const text of ["first", "first", "second"]) {
    const server = await startPostgresServer({ prepared: setup(text) });
    try {
      read.push(...(await rowsOf(server.url, "select text from kept")).map((row) => row.text as string));
      // What a test writes stays its own: the next start copies the template, not this server.
      await rowsOf(server.url, "insert into kept values ('written by a test')");
    } finally {
      server.stop();
    }
  }
  expect(runs).toEqual(["first", "second"]);
  expect(read).toEqual(["first", "first", "second"]);
});

test("a setup that fails leaves no template behind: the next start runs it again", { timeout: 60_000 }, async () => {
  const run = randomUUID();
  let attempts = 0;
  const failingOnce = named({
    inputs: [run],
    prepare: async (url) => {
      attempts += 1;
      if (attempts === 1) throw new Error("the setup failed");
      await rowsOf(url, "create table ready (n int)");
    },
  });
  await expect(startPostgresServer({ prepared: failingOnce })).rejects.toThrow("the setup failed");
  const server = await startPostgresServer({ prepared: failingOnce });
  try {
    expect(await rowsOf(server.url, "select count(*)::int as n from ready")).toEqual([{ n: 0 }]);
  } finally {
    server.stop();
  }
  expect(attempts).toBe(2);
});
