import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, createServer, type HotPayload } from "vite";
import { describe, expect, onTestFinished, test, vi } from "vitest";
import { surveysPlugin } from "../../scripts/vite-plugin-surveys.ts";
import { FIXTURES, scratchDir } from "./helpers.ts";

/** A one-file app in a scratch root. */
function appRoot(): string {
  const root = scratchDir();
  writeFileSync(join(root, "index.html"), '<script type="module" src="./main.js"></script>');
  writeFileSync(join(root, "main.js"), "document.title = 'ok';");
  return root;
}

const buildWith = (surveysDir: string) =>
  build({ root: appRoot(), configFile: false, logLevel: "silent", plugins: [surveysPlugin({ dir: surveysDir })], build: { write: false } });

describe("surveysPlugin", { timeout: 60_000 }, () => {
  test("fails vite build with the validation lines of an invalid survey", async () => {
    await expect(buildWith(join(FIXTURES, "slider-default-outside"))).rejects.toThrow(
      /slider-default-outside\/newsletter-form\.json \/questions\/1\/default: default 12 is outside the slider's range/,
    );
  });

  test("fails vite build with validate's one line for a survey written for an earlier form of the schema", async () => {
    await expect(buildWith(join(FIXTURES, "schema-form-1"))).rejects.toThrow(
      /schema-form-1\/newsletter-form\.json \/: written for an earlier form of the schema; run npm run validate -- --fix to bring it up to date \(messages\.success/,
    );
  });

  test("lets vite build pass when the surveys are valid", async () => {
    await expect(buildWith(join(FIXTURES, "valid"))).resolves.toBeDefined();
  });

  test("in dev, shows a broken survey in the overlay and reloads once it is fixed", async () => {
    const root = appRoot();
    const file = join(root, "surveys/newsletter-form.json");
    mkdirSync(join(root, "surveys"));
    cpSync(join(FIXTURES, "valid/newsletter-form.json"), file);
    const server = await createServer({ root, configFile: false, logLevel: "silent", plugins: [surveysPlugin()], server: { port: 0 } });
    onTestFinished(() => server.close());
    const sent: HotPayload[] = [];
    vi.spyOn(server.ws, "send").mockImplementation((payload: HotPayload | string) => void sent.push(payload as HotPayload));
    await server.listen();
    const valid = readFileSync(file, "utf8");

    // Written again on each try until the overlay's error comes: on a busy machine the watcher may still be making its
    // first scan of the folder when the first write lands, and a change it has not started watching for is not sent.
    const broken = valid.replace('"placeholder": "nombre', '"placholder": "nombre');
    const overlay = { type: "error", err: { message: expect.stringContaining('/questions/0/placholder: unknown key "placholder"') } };
    await vi.waitFor(() => {
      writeFileSync(file, broken);
      expect(sent.at(-1)).toMatchObject(overlay);
    }, { timeout: 20_000, interval: 1_000 });
    // chokidar drops a second change of the same file within 50 ms of the first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(file, valid);
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ type: "full-reload" }), 20_000);
  });
});
