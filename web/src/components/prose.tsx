import { ScrollHint } from './scroll-hint';

/** One block of long-form text (whitepaper, funding guide, terms): plain strings, rendered without HTML. */
export type ProseBlock =
  | { p: string }
  | { h3: string }
  | { ul: string[] }
  | { ol: string[] }
  | { table: { head: string[]; rows: string[][] } };

export interface ProseSection {
  /** Anchor id, stable across languages. */
  id: string;
  /** Short label shown before the title: "0", "1" … "Appendix A". */
  label: string;
  title: string;
  blocks: ProseBlock[];
}

/** Renders text blocks as semantic HTML (no dangerouslySetInnerHTML). */
export function ProseBlocks({ blocks }: { blocks: ProseBlock[] }) {
  return (
    <>
      {blocks.map((b, i) => {
        if ('p' in b) return <p key={i}>{b.p}</p>;
        if ('h3' in b) return <h3 key={i}>{b.h3}</h3>;
        if ('ul' in b)
          return (
            <ul key={i}>
              {b.ul.map((li, j) => (
                <li key={j}>{li}</li>
              ))}
            </ul>
          );
        if ('ol' in b)
          return (
            <ol key={i}>
              {b.ol.map((li, j) => (
                <li key={j}>{li}</li>
              ))}
            </ol>
          );
        return (
          <ScrollHint key={i}>
            <table>
              <thead>
                <tr>
                  {b.table.head.map((h, j) => (
                    <th key={j} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.table.rows.map((row, j) => (
                  <tr key={j}>
                    {row.map((cell, k) => (
                      <td key={k}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollHint>
        );
      })}
    </>
  );
}
