// The local data API starting and restarting: migrations applied once per
// data dir or server, and start-up failures that say what went wrong.
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPostgresServer, type PostgresServer } from "../../scripts/bench/postgres-server.ts";
import { MigrationError, PortInUseError, startDataApi } from "../../scripts/data-api/index.ts";
import { migrationsDir, selectAll, START_TIMEOUT, tempDir } from "../support/data-api-table.ts";

describe("migrations on a data dir", () => {
  let dataDir: string;
  let migrations: string;

  beforeAll(async () => {
    dataDir = await tempDir();
    // Every application adds a row, so a second application would show.
    migrations = await migrationsDir({
      "20240101000000_counter.sql":
        "create table if not exists counter (n int); insert into counter values (1);",
    });
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(migrations, { recursive: true, force: true });
  });

  test(
    "are applied once: a restart on the same data dir does not re-apply them",
    async () => {
      for (let start = 0; start < 2; start++) {
        const api = await startDataApi({
          port: 0,
          dataDir,
          migrationsDir: migrations,
          quiet: true,
        });
        try {
          const response = await selectAll(api, "counter", api.serviceRoleKey);
          expect(await response.json()).toEqual([{ n: 1 }]);
        } finally {
          await api.stop();
        }
      }
    },
    START_TIMEOUT,
  );
});

describe("migrations on a real PostgreSQL (DATABASE_URL)", () => {
  let server: PostgresServer;
  const removed: string[] = [];
  beforeAll(async () => {
    server = await startPostgresServer();
  }, START_TIMEOUT);
  afterAll(async () => {
    server?.stop();
    for (const dir of removed) await rm(dir, { recursive: true, force: true });
  });
  const dirOf = async (files: Record<string, string>) => {
    const dir = await migrationsDir(files);
    removed.push(dir);
    return dir;
  };
  const rowsOf = async (sql: string) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  test(
    "are applied once, and a migration's session settings do not reach the next one",
    async () => {
      const migrations = await dirOf({
        // Session-level, as a hand-written migration may do; psql gave each file a session of its own.
        "20240101000000_elsewhere.sql": "create schema elsewhere; set search_path = elsewhere; create table counter (n int); insert into counter values (1);",
        "20240102000000_plain.sql": "create table plain (n int);",
      });
      for (let start = 0; start < 2; start++) {
        const api = await startDataApi({ port: 0, dataDir: null, migrationsDir: migrations, quiet: true, databaseUrl: server.url });
        await api.stop();
      }
      expect(await rowsOf("select n from elsewhere.counter")).toEqual([{ n: 1 }]);
      expect(await rowsOf("select table_schema from information_schema.tables where table_name = 'plain'")).toEqual([{ table_schema: "public" }]);
      expect(await rowsOf("select version from supabase_migrations.schema_migrations where version like '2024%' order by 1")).toEqual([
        { version: "20240101000000" },
        { version: "20240102000000" },
      ]);
    },
    START_TIMEOUT,
  );

  test(
    "a failing migration names the file, the error and its line, and leaves nothing of itself",
    async () => {
      const migrations = await dirOf({
        "20240201000000_fine.sql": "create table fine (n int);",
        "20240202000000_broken.sql": "create table half (n int);\n\nselect missing from fine;",
      });
      const start = startDataApi({ port: 0, dataDir: null, migrationsDir: migrations, quiet: true, databaseUrl: server.url });
      await expect(start).rejects.toBeInstanceOf(MigrationError);
      await expect(start).rejects.toThrow(/20240202000000_broken\.sql failed:\ncolumn "missing" does not exist \(SQLSTATE 42703\)\nat line 3/);
      expect(await rowsOf("select table_name from information_schema.tables where table_name in ('fine', 'half')")).toEqual([{ table_name: "fine" }]);
      expect(await rowsOf("select version from supabase_migrations.schema_migrations where version like '202402%'")).toEqual([{ version: "20240201000000" }]);
    },
    START_TIMEOUT,
  );

  test("a server that does not answer is one clear error naming the address, its password hidden", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const start = startDataApi({ port: 0, dataDir: null, quiet: true, databaseUrl: `postgresql://postgres:secret@127.0.0.1:${port}/postgres` });
    await expect(start).rejects.toThrow(`cannot reach the database at postgresql://postgres:****@127.0.0.1:${port}/postgres (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}`);
  });
});

describe("start-up failures", () => {
  test(
    "a failing migration names the file and the Postgres error",
    async () => {
      const migrations = await migrationsDir({
        "20240101000000_ok.sql": "create table ok (n int);",
        "20240102000000_broken.sql": "create table broken (n int);\nselect missing from ok;",
      });
      try {
        const start = startDataApi({
          port: 0,
          dataDir: null,
          migrationsDir: migrations,
          quiet: true,
        });
        await expect(start).rejects.toBeInstanceOf(MigrationError);
        await expect(start).rejects.toThrow(
          /20240102000000_broken\.sql[\s\S]*column "missing" does not exist/,
        );
      } finally {
        await rm(migrations, { recursive: true, force: true });
      }
    },
    START_TIMEOUT,
  );

  test("a taken port is a PortInUseError with a clear message", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const start = startDataApi({ port, dataDir: null, quiet: true });
      await expect(start).rejects.toBeInstanceOf(PortInUseError);
      await expect(start).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });
});
