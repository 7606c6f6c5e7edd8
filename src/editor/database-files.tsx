/**
 * The database must follow some changes (a new question, option, limit or
 * condition): the same codegen as `npm run codegen` writes the row types
 * and a new migration. It runs when the editor asks, once for a whole
 * session's changes, so one session leaves one migration rather than a trail.
 */
import { useEffect, useState } from "react";
import { staleDatabaseFiles, writeDatabaseFiles } from "./api.ts";

export function DatabaseFiles({ savedText }: { savedText: string }) {
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
      setStale([]);
      setFailure("");
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  return (
    <section className="database-files" aria-labelledby="database-files">
      <h2 id="database-files">Database</h2>
      {stale.length > 0 ? (
        <>
          <p>The saved changes need the database to follow (a new question, option, limit or condition). When you have finished editing, update the database files once:</p>
          <ul>{stale.map((file) => <li key={file}><code>{file}</code></li>)}</ul>
          <button type="button" onClick={update}>Update the database files</button>
        </>
      ) : (
        <p>The database files match the saved surveys.</p>
      )}
      {written && (
        <div role="status">
          <p>{written.length ? "Wrote:" : "Nothing to write."}</p>
          <ul>
            {written.map((file) => (
              <li key={file}>
                <code>{file}</code>
                {file.startsWith("supabase/migrations/") && " (new migration: apply it with supabase db push, or restart npm start)"}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure && <p role="alert">{failure}</p>}
    </section>
  );
}
