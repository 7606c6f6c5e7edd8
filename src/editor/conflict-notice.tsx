/**
 * The file changed on disk while it had unsaved changes here. Neither side is
 * lost: whichever is chosen, the other stays one Undo away, and the disk's
 * text can be read and copied meanwhile.
 */
export function ConflictNotice({ disk, onKeepMine, onTakeDisk }: { disk: string; onKeepMine: () => void; onTakeDisk: () => void }) {
  return (
    <div className="conflict" role="alert">
      <p>
        <strong>This file was changed outside the editor</strong> (by a code editor or a git pull) while you had unsaved changes. Choose which version to go on from; the other stays one Undo (Ctrl+Z) away.
      </p>
      <button type="button" onClick={onKeepMine}>Keep my version</button> <button type="button" onClick={onTakeDisk}>Use the version on disk</button>
      <details>
        <summary>The version on disk</summary>
        <textarea readOnly value={disk} rows={12} aria-label="The version on disk" />
      </details>
    </div>
  );
}
