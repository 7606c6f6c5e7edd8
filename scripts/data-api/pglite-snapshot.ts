/**
 * In-memory PGlite databases restored from a saved copy of the same setup.
 *
 * Creating a PGlite database runs initdb inside WebAssembly (about 12 s of CPU
 * on this project's two-core machines), and the project's migrations add
 * several more; restoring the data directory a previous identical setup left
 * (`dumpDataDir`, `loadDataDir`) takes about 5. The test suite starts some
 * hundred such databases, so a run that builds each setup once and restores it
 * after is minutes shorter.
 *
 * A snapshot is named by a hash of everything that shaped it (PGlite's
 * version, the extensions, the setup's own inputs such as the roles' SQL and
 * each migration file's name and text), so a change of any of them builds a
 * new one: a stale copy cannot be restored. Only in-memory databases use it;
 * a data directory on disk already keeps its state.
 *
 * Snapshots live in $PGLITE_SNAPSHOT_DIR, else <tmpdir>/rmj-pglite-snapshots,
 * written under a temporary name and renamed, so concurrent test workers never
 * read half a file. PGLITE_SNAPSHOT_DIR=off turns them off.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { ROLES_SQL } from "./roles.ts";

// The package does not export its package.json; its entry point is dist/index.cjs beside it.
const PGLITE_PACKAGE = join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..", "package.json");
const PGLITE_VERSION: string = JSON.parse(readFileSync(PGLITE_PACKAGE, "utf8")).version;

/** pgcrypto and unaccent, as on Supabase: one response per person and the bot check sign with the one (scripts/sql/once-sql.ts), the themes of free texts fold accents with the other (scripts/sql/themes-sql.ts). */
export const EXTENSIONS = { pgcrypto, unaccent };

function snapshotDir(): string | null {
  const setting = process.env.PGLITE_SNAPSHOT_DIR;
  if (setting === "off") return null;
  return setting || join(tmpdir(), "rmj-pglite-snapshots");
}

/** The snapshot's name: PGlite's version, the extensions and every input of the setup. */
export function snapshotKey(inputs: readonly string[]): string {
  const hash = createHash("sha256").update(`pglite ${PGLITE_VERSION}\0extensions ${Object.keys(EXTENSIONS).join(",")}`);
  for (const input of inputs) hash.update(`\0${input.length}\0${input}`);
  return hash.digest("hex").slice(0, 32);
}

function readSnapshot(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

const freshPglite = () => PGlite.create("memory://", { extensions: EXTENSIONS });

/**
 * A new in-memory PGlite on which `setup` has run: restored from the snapshot
 * named by `inputs` when there is one, else made by `base` (a fresh database
 * unless told), set up and saved as that snapshot. `setup` and `base` must
 * depend on nothing but `inputs`.
 */
export async function pgliteFromSnapshot(inputs: readonly string[], setup: (db: PGlite) => Promise<void>, base: () => Promise<PGlite> = freshPglite): Promise<PGlite> {
  const file = snapshotFile(inputs);
  const saved = file ? readSnapshot(file) : undefined;
  if (saved) return PGlite.create("memory://", { extensions: EXTENSIONS, loadDataDir: saved });
  const db = await base();
  await setup(db);
  if (file) {
    const dump = Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  }
  return db;
}

const snapshotFile = (inputs: readonly string[]): string | undefined => {
  const dir = snapshotDir();
  return dir ? join(dir, `${snapshotKey(inputs)}.tar`) : undefined;
};

/** A new in-memory database with the API roles a Supabase project has (roles.ts), and nothing else yet. */
export function pgliteWithRoles(): Promise<PGlite> {
  return pgliteFromSnapshot([ROLES_SQL], async (db) => {
    await db.exec(ROLES_SQL);
  });
}

/**
 * PGlite on a data directory on disk. A new directory starts as a copy of
 * the snapshot named by `inputs` (made first by `make`, an in-memory
 * database of that same setup, when there is none yet) instead of initdb and
 * every migration one by one: about 3 s of CPU instead of 11 on a first
 * `npm run db:start`, and for every test that starts one. With snapshots
 * off, initdb as before.
 */
export async function pgliteOnDisk(dataDir: string, inputs: readonly string[], make: () => Promise<PGlite>): Promise<PGlite> {
  const file = existsSync(join(dataDir, "PG_VERSION")) ? undefined : snapshotFile(inputs);
  if (file && !existsSync(file)) await (await make()).close();
  const saved = file ? readSnapshot(file) : undefined;
  return PGlite.create(dataDir, { extensions: EXTENSIONS, ...(saved && { loadDataDir: saved }) });
}
