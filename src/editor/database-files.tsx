/**
 * The database must follow some changes (a new question, option, limit or
 * condition): the same codegen as `npm run codegen` writes the row types
 * and a new migration. It runs when the editor asks, once for a whole
 * session's changes, so one session leaves one migration rather than a trail.
 */
import { useEffect, useState } from "react";
import { staleDatabaseFiles, writeDatabaseFiles } from "./api.ts";
import { useWords } from "./words/use-words.ts";

export function DatabaseFiles({ savedText, onWritten }: { savedText: string; onWritten: () => void }) {
  const words = useWords();
  const [stale, setStale] = useState<string[]>([]);
  const [written, setWritten] = useState<string[] | null>(null);
  const [failure, setFailure] = useState("");
  useEffect(() => {
    staleDatabaseFiles().then(setStale, (error: Error) => setFailure(error.message));
  }, [savedText]);
  const update = async () => {
    try {
      const files = await writeDatabaseFiles();
      setWritten(files);
      onWritten();
      setStale([]);
      setFailure("");
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  return (
    <section className="database-files" aria-labelledby="database-files">
      <h2 id="database-files" tabIndex={-1}>{words.databaseHeading}</h2>
      {stale.length > 0 ? (
        <>
          <p>{words.databaseStale}</p>
          <ul>{stale.map((file) => <li key={file}><code>{file}</code></li>)}</ul>
          <button type="button" onClick={update}>{words.databaseUpdate}</button>
        </>
      ) : (
        <p>{words.databaseCurrent}</p>
      )}
      {written && (
        <div role="status">
          <p>{written.length ? words.databaseWrote : words.databaseNothing}</p>
          <ul>
            {written.map((file) => (
              <li key={file}>
                <code>{file}</code>
                {file.startsWith("supabase/migrations/") && words.databaseNewMigration}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure && <p role="alert">{failure}</p>}
    </section>
  );
}
