import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { SiteSettings } from '@contract/settings';
import { SiteContext } from '@web/components/site-context';
import { initI18n } from '@web/i18n/i18n';
import { DesignPage } from './design-page';
import '../../styles/main.scss';
import './design-page.scss';

// The design system's page (issue 32 item 4), served by Vite's development server only at
// /dev/design/: it is not an input of the production build, so no route, chunk or byte of it
// ships. Run `npm run dev` and open http://localhost:5173/dev/design/.

// The components read these few settings; the rest of a site's settings play no part here.
const SAMPLE_SITE = {
  name: 'Amora',
  fictional_singular: 'Fictional profile',
  fictional_warning:
    'This profile is fictional: our staff answer its messages. Physical contact is not possible.',
  countries: ['NL'],
} as unknown as SiteSettings;

async function start() {
  await initI18n('en');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SiteContext.Provider value={SAMPLE_SITE}>
        <MemoryRouter>
          <DesignPage />
        </MemoryRouter>
      </SiteContext.Provider>
    </StrictMode>,
  );
}

void start();
