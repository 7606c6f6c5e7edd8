/**
 * The file changed on disk while it had unsaved changes here. Neither side is
 * lost: whichever is chosen, the other stays one Undo away, and the disk's
 * text can be read and copied meanwhile.
 */
import { useWords } from "./words/use-words.ts";

export function ConflictNotice({ disk, onKeepMine, onTakeDisk }: { disk: string; onKeepMine: () => void; onTakeDisk: () => void }) {
  const words = useWords();
  return (
    <div className="conflict" role="alert">
      <p>
        <strong>{words.conflictTitle}</strong> {words.conflictText}
      </p>
      <button type="button" onClick={onKeepMine}>{words.keepMine}</button> <button type="button" onClick={onTakeDisk}>{words.takeDisk}</button>
      <details>
        <summary>{words.diskVersion}</summary>
        <textarea readOnly value={disk} rows={12} aria-label={words.diskVersion} />
      </details>
    </div>
  );
}
