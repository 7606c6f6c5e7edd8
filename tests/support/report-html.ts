/**
 * Reading a generated report back as a reader sees it: the shown texts of its
 * headline, tables and paragraphs, with numbers parsed from the report
 * language's formatting ("12.345", "39,7 %" in es and pt-BR).
 */
// jsdom ships no type declarations; its JSDOM constructor and window.document are all this uses.
const jsdom = "jsdom";
const { JSDOM } = (await import(jsdom)) as { JSDOM: new (html: string) => { window: { document: Document } } };

export function openReport(html: string): Document {
  return new JSDOM(html).window.document;
}

export const shown = (element: Element | null): string => (element?.textContent ?? "").replace(/\s+/g, " ").trim();

/** "12.345" → 12345, "8,5" → 8.5 (Spanish and Portuguese formatting). */
export const parseNumber = (text: string): number => Number(text.replace(/\./g, "").replace(",", ".").replace(/[^\d.-]/g, ""));

export function statOf(document: Document, id: string): string {
  return shown(document.querySelector(`#stat-${id} dd`));
}

/** The rows of the first table matching `selector` under `root`, as cell texts (row header first; a chart's bar, hidden from readers, left out). */
export function tableRows(root: Element, selector = "table"): string[][] {
  const table = root.querySelector(selector);
  if (!table) throw new Error(`no ${selector}`);
  return [...table.querySelectorAll("tbody tr")].map((row) => [...row.children].filter((cell) => cell.getAttribute("aria-hidden") !== "true").map((cell) => shown(cell)));
}

export function questionSection(document: Document, id: string): Element {
  const section = document.querySelector(`section[data-question="${id}"]`);
  if (!section) throw new Error(`no section for question ${id}`);
  return section;
}

/** What the report shows for a share: one decimal, as the language writes percentages ("39,7 %" in es, "39,7%" in pt-BR). */
export const percentText = (part: number, whole: number, language = "es"): string =>
  shown({ textContent: new Intl.NumberFormat(language, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(part / whole) } as Element);
