import { ContentPage } from './content-page';

/** /complaints: the complaints procedure (spec §2 footer). */
export function ComplaintsPage() {
  return <ContentPage page="complaints" />;
}
