/**
 * The survey's recorded versions (each "Save and record"): when, who and
 * what changed; any version's diff; and a restore that puts that version's
 * text, with its translation files, in the editor as an unsaved change, so
 * Save writes them byte for byte and Undo takes them back.
 */
import { useEffect, useState } from "react";
import { surveyHistory, surveyVersion, type HistoryEntry, type Version } from "./api.ts";
import { useWords } from "./words/use-words.ts";

type Listing = { repository: boolean; entries: HistoryEntry[] };

export function HistoryPanel({ name, recorded, onRestore }: { name: string; recorded: number; onRestore: (version: Version, when: string) => void }) {
  const words = useWords();
  const [opened, setOpened] = useState(false);
  const [listing, setListing] = useState<Listing | null>(null);
  const [shown, setShown] = useState<{ commit: string; diff: string } | null>(null);
  const [failure, setFailure] = useState("");
  const when = (iso: string) => new Date(iso).toLocaleString(words.language, { dateStyle: "medium", timeStyle: "short" });
  // Opening the panel loads the list; each new record while it is open loads it again.
  useEffect(() => {
    if (opened) surveyHistory(name).then(setListing, (error: Error) => setFailure(error.message));
  }, [opened, name, recorded]);
  const show = async (commit: string) => {
    if (shown?.commit === commit) return setShown(null);
    try {
      setShown({ commit, diff: (await surveyVersion(name, commit)).diff });
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  const restore = async (entry: HistoryEntry) => {
    try {
      onRestore(await surveyVersion(name, entry.commit), when(entry.when));
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  return (
    <section className="history" aria-labelledby="history">
      <h2 id="history" tabIndex={-1}>{words.history}</h2>
      <p className="hint">{words.historyIntro}</p>
      {!opened && <button type="button" onClick={() => setOpened(true)}>{words.historyLoad}</button>}
      {listing && !listing.repository && <p>{words.notARepository}</p>}
      {listing?.repository && listing.entries.length === 0 && <p>{words.historyEmpty}</p>}
      {listing?.repository && listing.entries.length > 0 && (
        <ol className="history-list">
          {listing.entries.map((entry) => (
            <li key={entry.commit}>
              <p>
                <time dateTime={entry.when}>{when(entry.when)}</time> · {words.by(entry.who)}
              </p>
              <p className="history-message">{entry.message}</p>
              <button type="button" aria-expanded={shown?.commit === entry.commit} onClick={() => show(entry.commit)}>
                {shown?.commit === entry.commit ? words.hideChanges : words.showChanges}
              </button>{" "}
              <button type="button" onClick={() => restore(entry)}>{words.restore}</button>
              {shown?.commit === entry.commit && <pre className="history-diff" tabIndex={0} aria-label={words.changesOf(when(entry.when))}>{shown.diff}</pre>}
            </li>
          ))}
        </ol>
      )}
      {failure && <p role="alert">{failure}</p>}
    </section>
  );
}
