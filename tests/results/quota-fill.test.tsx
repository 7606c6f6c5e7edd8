// What the results site draws of each quota's fill (results_quotas): its
// count of its maximum, a full quota said to be full, and a viewer's fill
// below the minimum group (no number from the database) said only so.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { QuotaFillList } from "../../src/results/quotas/quota-fill.tsx";
import { ptBR } from "../../src/results/words/pt-br.ts";

const format = (n: number) => new Intl.NumberFormat("pt-BR").format(n);
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("QuotaFillList", () => {
  const html = renderToStaticMarkup(
    createElement(QuotaFillList, { rows: [{ id: "cardio-under-30", max: 50, responses: 50 }, { id: "colombia", max: 1200, responses: 1040 }, { id: "peru", max: 200, responses: null }], words: ptBR, format }),
  );

  test("each quota shows its fill of its maximum, in the team's language, and a full one says so", () => {
    expect(text(html)).toContain("Cotas");
    expect(text(html)).toContain("cardio-under-30 50 de 50 · completa");
    expect(text(html)).toContain("colombia 1.040 de 1.200");
    expect(text(html)).not.toContain("1.200 · completa");
    expect(html).toContain('<meter aria-labelledby="quota-colombia" min="0" max="1200" value="1040">');
  });

  test("a fill the database withholds from a viewer says only that it is below the minimum group", () => {
    expect(text(html)).toContain("peru " + ptBR.quotas.small);
  });
});
