/** Links to each question and to the parts below them, so a keyboard user does not tab through the whole survey. */
export function JumpLinks({ ids }: { ids: string[] }) {
  return (
    <nav className="jump-links" aria-label="Jump to">
      <ol>
        {ids.map((id, index) => (
          <li key={`${id}-${index}`}>
            <a href={`#question-${index}`}>{`${index + 1}. ${id}`}</a>
          </li>
        ))}
      </ol>
      <a href="#add-question">Add a question</a> · <a href="#database-files">Database</a>
    </nav>
  );
}
