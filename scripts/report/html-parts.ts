/** Small HTML builders shared by the report's sections; every text passes through escapeHtml. */
import { escapeHtml, phraseHtml, surveyTextHtml, type Formatters } from "../../src/report/format.ts";

export interface Column<T> {
  header: string;
  numeric?: boolean;
  /** The language of a cell that holds the survey's texts (titles, options). */
  lang?: string | ((row: T) => string | undefined);
  cell: (row: T) => string;
}

export function table<T>(columns: Column<T>[], rows: T[]): string {
  const head = columns.map((column) => `<th scope="col"${column.numeric ? ' class="num"' : ""}>${escapeHtml(column.header)}</th>`).join("");
  const body = rows
    .map((row) => `<tr>${columns.map((column, index) => {
      const tag = index === 0 ? 'th scope="row"' : "td";
      const language = typeof column.lang === "function" ? column.lang(row) : column.lang;
      const lang = language ? ` lang="${escapeHtml(language)}"` : "";
      return `<${tag}${column.numeric ? ' class="num"' : ""}${lang}>${escapeHtml(column.cell(row))}</${tag.split(" ")[0]}>`;
    }).join("")}</tr>`)
    .join("\n");
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** A chart with its caption and its numbers in a table the reader can expand (always printed). */
export function figure(svg: string, caption: string, numbers: string, f: Formatters): string {
  return `<figure>
${svg}
<figcaption>${escapeHtml(caption)}</figcaption>
<details><summary>${escapeHtml(f.words.page.showNumbers)}</summary>
${numbers}
</details>
</figure>`;
}

/** Texts respondents typed, in the survey's language, newest first, with the count of the rest (the CSV has them all). */
export function textList(texts: { newest: { text: string; at: string }[]; rest: number }, f: Formatters): string {
  if (texts.newest.length === 0) return "";
  const items = texts.newest.map(({ text, at }) => `<li><time datetime="${escapeHtml(at)}">${escapeHtml(f.dateTime(at))}</time>${surveyTextHtml(text, f)}</li>`).join("\n");
  const rest = texts.rest > 0 ? `\n<p class="rest">${phraseHtml(f.words.page.more, { count: f.integer(texts.rest) })}</p>` : "";
  return `<ol class="texts">\n${items}\n</ol>${rest}`;
}
