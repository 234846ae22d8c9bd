import { type ReactElement, Suspense, createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { translator } from './translator';
import { type TFunction, useTranslation } from './use-translation';

/** The HTML of a tree once every Suspense boundary in it has resolved. */
async function renderedHtml(element: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

function Texts({ render }: { render: (t: TFunction, language: string) => string }) {
  const { t, i18n } = useTranslation(['match-finder', 'common']);
  return createElement('p', null, render(t, i18n.language));
}

describe('useTranslation', () => {
  it('suspends until its namespaces are loaded, then finds keys in each in order', async () => {
    await translator.changeLanguage('de');
    const html = await renderedHtml(
      createElement(
        Suspense,
        { fallback: 'loading' },
        createElement(Texts, {
          render: (t, language) =>
            `${language}|${t('results.count', { count: 2 })}|${t('nav.login')}`,
        }),
      ),
    );
    expect(html).toContain('<p>de|2 Mitglieder passen zu deinen Antworten|Einloggen</p>');
    expect(html).not.toContain('loading');
  });
});
