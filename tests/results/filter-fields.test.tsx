// @vitest-environment jsdom
import "../support/jsdom.ts";
/**
 * The filters' fields are one set (src/results/filter-fields.tsx): a segment
 * can hold every filter the bar offers, finished or not and leaving the
 * flagged responses out among them, and the version of the definition once
 * the survey has published several, and sends them to the database as the
 * bar does; filters applied from elsewhere replace what the bar was being
 * typed. What the database does with these filters is tested through
 * PostgREST (tests/integration/results-segments.test.ts).
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { useState } from "react";
import { beforeEach, describe, expect, test, vi } from "vitest";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { formatters } from "../../src/report/format.ts";
import { FilterBar } from "../../src/results/filter-bar.tsx";
import type { SiteFilters } from "../../src/results/filters.ts";
import type { Member } from "../../src/results/me.ts";
import { SegmentEditor } from "../../src/results/segments/segment-editor.tsx";
import { ptBR } from "../../src/results/words/pt-br.ts";

const rpc = vi.hoisted(() => vi.fn());
vi.mock("../../src/results/auth-client.ts", () => ({ rpc }));

const fixture = (path: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/surveys", path), "utf8")) as SurveyConfig;
const withBoth = fixture("quality/quality-partial.json");
const f = formatters("pt-BR", withBoth.language);
const member = { personal: true } as Member;
const VERSIONS = [
  { version: "0123456789abcdef", publishedAt: "2026-11-02T15:30:00Z" },
  { version: "fedcba9876543210", publishedAt: "2026-11-20T09:00:00Z" },
];
let published: typeof VERSIONS = [];

beforeEach(() => {
  published = [];
  rpc.mockReset();
  rpc.mockImplementation(async (name: string) => (name === "results_save_segment" ? { id: "s1" } : name === "results_versions" ? published : { count: 7 }));
});

const editor = (config: SurveyConfig, saved = vi.fn()) =>
  render(<SegmentEditor config={config} member={member} hiddenIds={[]} segment={null} words={ptBR} f={f} saved={saved} cancel={() => {}} />);

describe("the segment editor offers every filter of the bar", () => {
  test("finished or not and the flagged left out are counted live and saved with the segment", async () => {
    const saved = vi.fn();
    editor(withBoth, saved);
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Concluídas sem sinal" } });
    fireEvent.change(screen.getByLabelText(ptBR.filters.finished), { target: { value: "true" } });
    fireEvent.click(screen.getByLabelText(ptBR.filters.excludeFlagged));
    await waitFor(() => expect(rpc).toHaveBeenLastCalledWith("results_segment_count", { survey: withBoth.id, filters: { finished: true, flagged: "exclude" } }));
    expect(await screen.findByText("7 respostas neste segmento")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: ptBR.segments.save }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith("s1"));
    expect(rpc).toHaveBeenCalledWith("results_save_segment", expect.objectContaining({ segment_name: "Concluídas sem sinal", segment_filters: { finished: true, flagged: "exclude" } }));
  });

  test("a survey without partial responses or quality rules shows neither field", () => {
    editor(fixture("personal-choice/personal-choice.json"));
    expect(screen.queryByLabelText(ptBR.filters.finished)).toBeNull();
    expect(screen.queryByLabelText(ptBR.filters.excludeFlagged)).toBeNull();
  });
});

test("the filter bar shows the filters applied from elsewhere, not what was being typed", () => {
  function Page() {
    const [filters, setFilters] = useState<SiteFilters>({ hidden: {}, from: "2026-11-01" });
    return (
      <>
        <FilterBar config={withBoth} hiddenIds={[]} filters={filters} words={ptBR} f={f} apply={setFilters} />
        <button type="button" onClick={() => setFilters({ hidden: {} })}>limpar de fora</button>
      </>
    );
  }
  render(<Page />);
  const from = screen.getByLabelText(ptBR.filters.from) as HTMLInputElement;
  expect(from.value).toBe("2026-11-01");
  fireEvent.change(from, { target: { value: "2026-11-15" } });
  expect(from.value).toBe("2026-11-15");
  fireEvent.click(screen.getByRole("button", { name: "limpar de fora" }));
  expect((screen.getByLabelText(ptBR.filters.from) as HTMLInputElement).value).toBe("");
});

describe("the version of the definition", () => {
  test("once a survey has published two, the bar names each by its date and hash and applies the one chosen", async () => {
    published = VERSIONS;
    const apply = vi.fn();
    render(<FilterBar config={withBoth} hiddenIds={[]} filters={{ hidden: {} }} words={ptBR} f={f} apply={apply} />);
    const select = (await screen.findByLabelText(ptBR.filters.version)) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([ptBR.filters.any, `publicada em ${f.dateTime(VERSIONS[0]!.publishedAt)} (01234567)`, `publicada em ${f.dateTime(VERSIONS[1]!.publishedAt)} (fedcba98)`]);
    fireEvent.change(select, { target: { value: "fedcba9876543210" } });
    fireEvent.click(screen.getByRole("button", { name: ptBR.filters.apply }));
    expect(apply).toHaveBeenCalledWith({ hidden: {}, version: "fedcba9876543210" });
  });

  test("a segment holds it: counted live and saved with the segment", async () => {
    published = VERSIONS;
    editor(withBoth);
    fireEvent.change(await screen.findByLabelText(ptBR.filters.version), { target: { value: "0123456789abcdef" } });
    await waitFor(() => expect(rpc).toHaveBeenLastCalledWith("results_segment_count", { survey: withBoth.id, filters: { version: "0123456789abcdef" } }));
  });

  test("with one version there is nothing to choose, unless the address already names one (shown, so it can be taken off)", async () => {
    published = VERSIONS.slice(0, 1);
    const { unmount } = render(<FilterBar config={withBoth} hiddenIds={[]} filters={{ hidden: {} }} words={ptBR} f={f} apply={() => {}} />);
    await waitFor(() => expect(rpc).toHaveBeenCalledWith("results_versions", { survey: withBoth.id }));
    expect(screen.queryByLabelText(ptBR.filters.version)).toBeNull();
    unmount();
    render(<FilterBar config={withBoth} hiddenIds={[]} filters={{ hidden: {}, version: "fedcba9876543210" }} words={ptBR} f={f} apply={() => {}} />);
    const select = (await screen.findByLabelText(ptBR.filters.version)) as HTMLSelectElement;
    expect(select.value).toBe("fedcba9876543210");
  });
});
