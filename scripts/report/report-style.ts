/** The report's only stylesheet, inlined: readable on a phone, a desktop and paper. */
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #111827; --muted: #4b5563; --line: #d1d5db; --accent: #1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.5rem 0 0.25rem; }
.meta, .n, figcaption { color: var(--muted); }
.headline { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 0.5rem; margin: 1rem 0; }
.headline div { border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.5rem 0.75rem; }
.headline dt { font-size: 0.85rem; color: var(--muted); }
.headline dd { margin: 0; font-size: 1.2rem; font-weight: 600; overflow-wrap: anywhere; }
figure { margin: 0.75rem 0 1.25rem; }
/* Fixed columns: a long title or option wraps inside its column instead of widening the table past a phone's width. */
.bars { table-layout: fixed; }
.bars thead th:first-child { width: 40%; }
th, td { overflow-wrap: anywhere; }
.bar-cell { width: 22%; }
.bar { display: block; margin-top: 0.2rem; }
.bar rect { fill: var(--accent); }
figcaption { font-size: 0.9rem; margin-top: 0.25rem; }
table { border-collapse: collapse; margin-top: 0.5rem; font-size: 0.9rem; width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th[scope="row"] { font-weight: 400; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.texts { padding-left: 1.25rem; }
.texts li { margin: 0.35rem 0; white-space: pre-line; overflow-wrap: anywhere; }
.texts time { display: block; font-size: 0.8rem; color: var(--muted); }
.drop { font-weight: 600; }
.crosstab .base { display: block; color: var(--muted); font-size: 0.8rem; font-weight: 400; }
.crosstab .count, .crosstab tr.totals th, .crosstab tr.totals td { font-weight: 700; }
.crosstab .row-share { color: var(--muted); }
.crosstab .share { white-space: nowrap; }
@media print {
  main { max-width: none; padding: 0; }
  section, figure { break-inside: avoid; }
  .bar rect { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`;
