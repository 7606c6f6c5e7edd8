import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { storageDescription } from "../../scripts/data-api/options.ts";

describe("storageDescription (what npm start says about where answers go)", () => {
  test("names the data directory DATA_API_DATA_DIR chose, as an absolute path", () => {
    expect(storageDescription({ dataDir: "/srv/survey-data" }, undefined)).toBe("PGlite data in /srv/survey-data");
    expect(storageDescription({ dataDir: "elsewhere/pglite" }, undefined)).toBe(`PGlite data in ${join(process.cwd(), "elsewhere/pglite")}`);
  });

  test("follows the environment: DATA_API_DATA_DIR, and DATABASE_URL's server without its password", () => {
    const before = { dir: process.env.DATA_API_DATA_DIR, url: process.env.DATABASE_URL };
    try {
      delete process.env.DATABASE_URL;
      process.env.DATA_API_DATA_DIR = "/tmp/other-data";
      expect(storageDescription()).toBe("PGlite data in /tmp/other-data");
      process.env.DATABASE_URL = "postgresql://app:secret@db.example:5432/survey";
      expect(storageDescription()).toBe("PostgreSQL at db.example:5432/survey (DATABASE_URL)");
    } finally {
      for (const [key, value] of [["DATA_API_DATA_DIR", before.dir], ["DATABASE_URL", before.url]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
