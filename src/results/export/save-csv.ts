/**
 * Where the export's pages go as they arrive. With the File System Access
 * API (Chromium on the desktop) and a large set, straight into the file the
 * member picks, page by page (a WritableStream): nothing accumulates. Else
 * (Firefox, Safari, phones, or a set small enough that a file dialog would
 * only be in the way) each page becomes a Blob part at once, so the page's
 * text can be collected and the browser keeps the parts in its blob store
 * (Chromium pages a large one to disk) until the download is saved.
 */
export type CsvChunks = AsyncIterable<{ text: string; rows: number }>;

/** Above this many rows the member is asked where to save, when the browser can write there directly. */
export const STREAM_TO_FILE_ABOVE_ROWS = 50_000;

interface FilePickerWindow {
  showSaveFilePicker?: (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<{ createWritable(): Promise<WritableStream<Blob>> }>;
}

const CSV_TYPE = "text/csv;charset=utf-8";

async function toFile(picker: NonNullable<FilePickerWindow["showSaveFilePicker"]>, name: string, chunks: CsvChunks, progress: (rows: number) => void): Promise<void> {
  const handle = await picker({ suggestedName: name, types: [{ description: "CSV", accept: { "text/csv": [".csv"] } }] });
  const writer = (await handle.createWritable()).getWriter();
  let rows = 0;
  try {
    for await (const chunk of chunks) {
      await writer.write(new Blob([chunk.text], { type: CSV_TYPE }));
      progress((rows += chunk.rows));
    }
    await writer.close();
  } catch (error) {
    await writer.abort(error);
    throw error;
  }
}

async function toDownload(name: string, chunks: CsvChunks, progress: (rows: number) => void): Promise<void> {
  const parts: Blob[] = [];
  let rows = 0;
  for await (const chunk of chunks) {
    parts.push(new Blob([chunk.text]));
    progress((rows += chunk.rows));
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob(parts, { type: CSV_TYPE }));
  link.download = name;
  link.click();
  // Revoked after the click has started the download (a revoke in the same task can cancel it in some browsers).
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** Saves the CSV; `expectedRows` (the filtered set's count from the numbers) decides whether a file dialog is worth it. */
export function saveCsv(name: string, chunks: CsvChunks, expectedRows: number, progress: (rows: number) => void): Promise<void> {
  const picker = (window as FilePickerWindow).showSaveFilePicker;
  return picker && expectedRows > STREAM_TO_FILE_ABOVE_ROWS ? toFile(picker.bind(window), name, chunks, progress) : toDownload(name, chunks, progress);
}
