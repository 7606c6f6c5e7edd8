// @vitest-environment jsdom
// Where the export's pages go: a large set straight into the file the member
// picks where the browser can write there (each page written as it comes,
// nothing kept), else a download of a Blob made of the pages; the member
// closing the dialog is no error to show.
import { afterEach, expect, test, vi } from "vitest";
import { saveCsv, STREAM_TO_FILE_ABOVE_ROWS } from "../../src/results/export/save-csv.ts";

async function* pages(log: string[]) {
  for (const text of ["\uFEFFid\n", "a\n", "b\n"]) {
    log.push(`read ${text.replace("\n", "")}`);
    yield { text, rows: text.startsWith("\uFEFF") ? 0 : 1 };
  }
}

/** The text as the file's bytes hold it, the BOM kept (Blob.text() drops it). */
const textOf = async (blob: Blob) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await blob.arrayBuffer());

/** A file the picker hands back: a real WritableStream that records what reaches it, and when. */
function pickedFile(log: string[]) {
  const written: string[] = [];
  const stream = new WritableStream<Blob>({
    write: async (blob) => void (written.push(await textOf(blob)), log.push(`wrote ${(await textOf(blob)).replace("\n", "")}`)),
    close: () => void log.push("closed"),
  });
  return { written, picker: vi.fn(async () => ({ createWritable: async () => stream })) };
}

afterEach(() => void delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);

test("a large set goes page by page into the picked file: each page written before the next is read", async () => {
  const log: string[] = [];
  const file = pickedFile(log);
  Object.assign(window, { showSaveFilePicker: file.picker });
  const progress: number[] = [];
  await saveCsv("foreign-form.csv", pages(log), STREAM_TO_FILE_ABOVE_ROWS + 1, (rows) => progress.push(rows));
  expect(file.picker).toHaveBeenCalledWith(expect.objectContaining({ suggestedName: "foreign-form.csv" }));
  expect(file.written.join("")).toBe("\uFEFFid\na\nb\n");
  expect(log).toEqual(["read \uFEFFid", "wrote \uFEFFid", "read a", "wrote a", "read b", "wrote b", "closed"]);
  expect(progress).toEqual([0, 1, 2]);
});

test("a small set, or a browser without the picker, downloads a Blob made of the pages", async () => {
  const log: string[] = [];
  const file = pickedFile(log);
  Object.assign(window, { showSaveFilePicker: file.picker });
  const blobs: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => (blobs.push(blob), "blob:csv");
  URL.revokeObjectURL = () => undefined;
  const clicked: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(`${this.download} ${this.href}`);
  });
  await saveCsv("foreign-form.csv", pages(log), 2, () => undefined);
  delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  await saveCsv("foreign-form.csv", pages(log), STREAM_TO_FILE_ABOVE_ROWS + 1, () => undefined);
  click.mockRestore();
  expect(file.picker).not.toHaveBeenCalled();
  expect(clicked).toEqual(["foreign-form.csv blob:csv", "foreign-form.csv blob:csv"]);
  expect(await textOf(blobs[0]!)).toBe("\uFEFFid\na\nb\n");
  expect(blobs[0]!.type).toBe("text/csv;charset=utf-8");
});
