/** validate's messages for one field, beside it, in the field's description. */
export function FieldProblems({ id, messages }: { id: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <ul className="field-problems" id={id}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
