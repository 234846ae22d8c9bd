import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { SiteSettings } from '@contract/settings';
import { userQuery } from '@web/api/user-api';
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
  // The cards read who is looking: a visitor here, so nothing asks the API.
  const queryClient = new QueryClient();
  queryClient.setQueryData(userQuery.queryKey, null);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteContext.Provider value={SAMPLE_SITE}>
          <MemoryRouter>
            <DesignPage />
          </MemoryRouter>
        </SiteContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
