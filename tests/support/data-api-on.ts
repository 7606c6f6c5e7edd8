/**
 * The local data API over a folder of migrations, on either database the
 * project supports: PGlite in memory (restored from its snapshot), or a
 * throw-away PostgreSQL 15 whose roles and migrations come from a template
 * cluster after the first start with the same files (dataApiSetup).
 */
import { startPostgresServer, type PostgresServer } from "../../scripts/bench/postgres-server.ts";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { dataApiSetup } from "../../scripts/data-api/postgres-database.ts";
import { onTestedDatabases } from "./databases.ts";

export type DataApiBackend = "PGlite" | "PostgreSQL";

/** The data API's two databases: those this run tests (databases.ts). */
export const API_BACKENDS = onTestedDatabases(["PGlite", "PostgreSQL"] as const satisfies readonly DataApiBackend[]);
export type ApiBackend = (typeof API_BACKENDS)[number];

export interface DataApiOn {
  api: DataApi;
  /** The PostgreSQL server (null on PGlite). */
  server: PostgresServer | null;
  /** Stops the data API, then its server. */
  stop(): Promise<void>;
}

export async function startDataApiOn(backend: DataApiBackend, migrationsDir: string): Promise<DataApiOn> {
  const server = backend === "PostgreSQL" ? await startPostgresServer({ prepared: dataApiSetup(migrationsDir) }) : null;
  try {
    const api = await startDataApi({ port: 0, dataDir: null, quiet: true, migrationsDir, databaseUrl: server?.url ?? null });
    return {
      api,
      server,
      stop: async () => {
        await api.stop();
        server?.stop();
      },
    };
  } catch (error) {
    server?.stop();
    throw error;
  }
}
