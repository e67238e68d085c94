/** Plain text of paragraphs separated by line breaks, as paragraphs (never HTML). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <div className="help-text">
      {text
        .split('\n')
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i} className="help-text__paragraph">
            {p}
          </p>
        ))}
    </div>
  );
}
