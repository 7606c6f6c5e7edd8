// npm run report finds this project's data API where it actually runs: the
// API holding a data directory tells its URL (on a free port here, as with
// DATA_API_PORT), and nothing answers once it has stopped.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { runningDataApiUrl, startDataApi } from "../../scripts/data-api/index.ts";

test("the data API running on a data directory tells its URL, whatever its port, until it stops", async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), "report-local-api-")), "pglite");
  expect(await runningDataApiUrl(dataDir)).toBeNull();
  const api = await startDataApi({ port: 0, dataDir, quiet: true });
  try {
    expect(api.url).not.toContain(":54321");
    expect(await runningDataApiUrl(dataDir)).toBe(api.url);
  } finally {
    await api.stop();
  }
  expect(await runningDataApiUrl(dataDir)).toBeNull();
}, 120_000);
