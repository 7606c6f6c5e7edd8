/** The part of gettext-parser (which ships no types) that the translations tool uses. */
declare module "gettext-parser" {
  export interface PoEntry {
    msgctxt?: string;
    msgid: string;
    msgstr: string[];
    comments?: { extracted?: string; reference?: string; flag?: string; translator?: string; previous?: string };
  }
  export interface PoTable {
    charset?: string;
    headers: Record<string, string>;
    translations: Record<string, Record<string, PoEntry>>;
  }
  export const po: {
    parse(input: string | Buffer, options?: { defaultCharset?: string; validation?: boolean }): PoTable;
    compile(table: PoTable, options?: { foldLength?: number; sort?: boolean }): Buffer;
  };
}
