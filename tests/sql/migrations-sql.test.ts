import { PGlite } from "@electric-sql/pglite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { REPO } from "./helpers.ts";

const dir = join(REPO, "supabase/migrations");
const db = new PGlite();

const row = {
  id: "00000000-0000-4000-8000-000000000001", nome_completo: "Ana", idade: "30", genero: "Otro", genero_outro: null, pais: "Brasil",
  pais_outro: null, pais_medicina: "Cuba", pais_medicina_outro: null, entrada_rmj: "Este año", especializacao: "Pediatría",
  outras_formacoes: null, sonho_carreira: null, empreender: "Sí, mucho", redes_sociais: ["Instagram"], redes_sociais_outras: null,
  influencia_online: 5, influenciadores: null, conhecia_profissional: "Lo conocí hace poco", motivacao: ["Otro"], motivacao_outra: null,
  tipo_conteudo: ["Podcast"], tipo_conteudo_outros: null, visao_futuro: null, conteudo_desejado: ["Podcast"], conteudo_desejado_outros: null,
  participar_testes: "No me interesa",
};

/** Inserts as the public anon role, the way PostgREST does for the anon key. */
async function insertAsAnon(values: Record<string, unknown>) {
  const columns = Object.keys(values);
  await db.transaction(async (tx) => {
    await tx.exec("set local role anon");
    await tx.query(`insert into public.forms_estrangeiros (${columns}) values (${columns.map((_, i) => `$${i + 1}`)})`, Object.values(values));
  });
}

// Starting PGlite (Postgres in WASM) takes seconds on a busy machine, hence the long timeout.
beforeAll(async () => {
  // Supabase creates these roles; plain PostgreSQL needs them before the migrations' grants.
  await db.exec("create role anon nologin; create role authenticated nologin; grant usage on schema public to anon, authenticated;");
  for (const name of readdirSync(dir).sort()) await db.exec(readFileSync(join(dir, name), "utf8"));
}, 60_000);

describe("generated migrations on PostgreSQL", () => {
  test("let the anon role insert a complete response", async () => {
    await expect(insertAsAnon(row)).resolves.toBeUndefined();
  });

  test.each([
    ["a text over 2000 characters", { nome_completo: "a".repeat(2001) }, "forms_estrangeiros_nome_completo_check"],
    ["a list of 31 entries", { redes_sociais: Array(31).fill("x") }, "forms_estrangeiros_redes_sociais_check"],
    ["a list entry over 200 characters", { motivacao: ["x".repeat(201)] }, "forms_estrangeiros_motivacao_check"],
    ["a slider outside 1..10", { influencia_online: 11 }, "forms_estrangeiros_influencia_online_check"],
    ["a missing required answer", { participar_testes: null }, "null value"],
  ])("refuse %s", async (_, change, reason) => {
    await expect(insertAsAnon({ ...row, id: crypto.randomUUID(), ...change })).rejects.toThrow(reason);
  });

  test.each(["select * from public.forms_estrangeiros", "delete from public.medical_form_responses", "update public.forms_estrangeiros set idade = '1'"])(
    "refuse the anon role: %s",
    async (statement) => {
      const attempt = db.transaction(async (tx) => {
        await tx.exec("set local role anon");
        await tx.exec(statement);
      });
      await expect(attempt).rejects.toThrow("permission denied");
    },
  );
});
