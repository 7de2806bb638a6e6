import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProseBlocks, type ProseSection } from './prose';

/** Scrolls to a section without changing the route, and moves focus there for keyboard users. */
function jumpTo(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  el.focus({ preventScroll: true });
}

/** Long-form text: numbered sections with a table of contents beside them (above them on small screens). */
export function ReadingLayout({ sections, tocTitle }: { sections: ProseSection[]; tocTitle?: string }) {
  const { t } = useTranslation();
  return (
    <div className="cr-reading">
      <Card className="cr-card">
        <article className="cr-prose">
          {sections.map((s) => (
            <section key={s.id} aria-labelledby={`h-${s.id}`}>
              <h2 id={`h-${s.id}`} tabIndex={-1} style={{ scrollMarginTop: 140 }}>
                {s.label} · {s.title}
              </h2>
              <ProseBlocks blocks={s.blocks} />
            </section>
          ))}
        </article>
      </Card>
      <nav className="cr-toc" aria-label={tocTitle ?? t('whitepaper.contents')}>
        <Card className="cr-card" size="small" title={tocTitle ?? t('whitepaper.contents')}>
          <ol style={{ listStyle: 'none', padding: 0, margin: 0, lineHeight: 2 }}>
            {sections.map((s) => (
              <li key={s.id}>
                <a
                  href={`#h-${s.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    jumpTo(`h-${s.id}`);
                  }}
                >
                  {s.label} · {s.title}
                </a>
              </li>
            ))}
          </ol>
        </Card>
      </nav>
    </div>
  );
}
