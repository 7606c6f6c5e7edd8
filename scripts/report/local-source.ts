import { runningDataApiUrl, SERVICE_ROLE_KEY, startDataApi, type DataApi } from "../data-api/index.ts";
import { resolveOptions } from "../data-api/options.ts";
import type { DataSource } from "./read-rows.ts";

/**
 * The data API of this project: the one holding its data directory tells its
 * URL (data-dir-lock.ts), so another project's API on the default port is
 * never read. On DATABASE_URL there is no such directory: the API at
 * DATA_API_PORT, as the data API chose it.
 */
export async function localSource(): Promise<{ source: DataSource; api?: DataApi }> {
  const { dataDir, port } = resolveOptions();
  const databaseUrl = process.env.DATABASE_URL;
  // Only a URL that is there: a key holding undefined would still say "through the database" to `"databaseUrl" in source`.
  const direct = databaseUrl ? { databaseUrl } : {};
  const probe = async (url: string) => (await fetch(`${url}/rest/v1/`, { headers: { apikey: SERVICE_ROLE_KEY } }).then(() => true, () => false)) ? url : null;
  const running = databaseUrl ? await probe(`http://127.0.0.1:${port}`) : dataDir ? await runningDataApiUrl(dataDir) : null;
  if (running) return { source: { url: running, serviceKey: SERVICE_ROLE_KEY, ...direct } };
  const api = await startDataApi({ port: 0, quiet: true });
  return { source: { url: api.url, serviceKey: api.serviceRoleKey, ...direct }, api };
}

