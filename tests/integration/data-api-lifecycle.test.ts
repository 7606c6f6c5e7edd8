// The local data API starting and restarting: migrations applied once per
// data dir, and start-up failures that say what went wrong.
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
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
