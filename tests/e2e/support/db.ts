/**
 * Reading stored responses back the way an operator would: PostgREST with the
 * service_role key (the anon key the app ships with cannot read at all).
 */
import { expect } from "@playwright/test";
import { HONEYPOT } from "../../../src/core/honeypot.ts";
import type { RowValue } from "./survey.ts";

export interface DataApiAccess {
  apiUrl: string;
  serviceRoleKey: string;
}

export type StoredRow = Record<string, RowValue> & { id: string; created_at: string };

/** The rows whose name column (the spec's nome_completo unless told) holds `name`. */
export async function rowsByName(access: DataApiAccess, table: string, name: string, nameColumn = "nome_completo"): Promise<StoredRow[]> {
  const url = `${access.apiUrl}/rest/v1/${table}?${nameColumn}=eq.${encodeURIComponent(name)}&select=*`;
  const response = await fetch(url, {
    headers: { apikey: access.serviceRoleKey, Authorization: `Bearer ${access.serviceRoleKey}`, Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`[e2e] GET ${url} → ${response.status} ${await response.text()}`);
  return (await response.json()) as StoredRow[];
}

/** Waits until the respondent's row is there and returns it; fails if there is more than one. */
export async function waitForOneRow(access: DataApiAccess, table: string, name: string, nameColumn?: string): Promise<StoredRow> {
  let rows: StoredRow[] = [];
  await expect
    .poll(async () => (rows = await rowsByName(access, table, name, nameColumn)).length, { message: `rows in ${table} for "${name}"`, timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(rows, `exactly one row in ${table} for "${name}"`).toHaveLength(1);
  return rows[0]!;
}

/**
 * Column by column: every answer column present with exactly the expected value
 * (nulls, lists, numbers included), nothing else besides id, created_at, the honeypot (always null for a person),
 * the definition's version and the build's commit.
 */
export function expectRowToMatch(row: StoredRow, given: Record<string, RowValue>): void {
  const { id, created_at: createdAt, [HONEYPOT]: honeypot, definition_version: version, definition_commit: commit, ...columns } = row;
  // Every row carries the definition's version its page was built with (the expected one when the expectation names it) and the build's commit, if it knew one.
  const { definition_version: expectedVersion, ...expected } = given;
  expect(version, "the definition's version").toMatch(/^[0-9a-f]{16}$/);
  if (expectedVersion !== undefined) expect(version, "the definition's version of the survey file built").toBe(expectedVersion);
  expect(commit === null || /^[0-9a-f]{40}$/.test(String(commit)), `the build's commit, or none: ${String(commit)}`).toBe(true);
  expect(honeypot ?? null, "the honeypot column stays empty for a person").toBeNull();
  expect(id, "id is a UUID").toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(Number.isNaN(Date.parse(createdAt)), "created_at is a timestamp").toBe(false);
  for (const [column, value] of Object.entries(expected)) {
    expect.soft(columns[column], `column ${column}`).toStrictEqual(value);
  }
  expect(Object.keys(columns).sort(), "the row has exactly the survey's columns").toEqual(Object.keys(expected).sort());
}
