import { Component, type ReactNode } from 'react';
import { useTranslation } from '@web/i18n/use-translation';
import { Link } from 'react-router';
import { pathFor } from '@contract/routes';
import { useDocumentTitle } from './use-document-title';

export interface ErrorPageProps {
  /** spec §8: the message defaults to 'Error', the status code to 500. */
  message?: string;
  statusCode?: number;
}

function ErrorPageContent({ message, statusCode = 500 }: ErrorPageProps) {
  const { t } = useTranslation();
  const isNotFound = statusCode === 404;
  const text = message ?? (isNotFound ? t('errorPage.notFound') : t('errorPage.defaultMessage'));
  useDocumentTitle(text);
  return (
    <section className="container py-5 text-center error-page">
      <p className="display-1 fw-bold text-primary mb-2" aria-hidden="true">
        {statusCode}
      </p>
      <h1 className="h3 mb-4">{text}</h1>
      {isNotFound && (
        <Link to={pathFor('index')} className="btn btn-primary">
          {t('errorPage.backHome')}
        </Link>
      )}
    </section>
  );
}

interface FallbackState {
  failure: Error | null;
}

/**
 * spec §8: if showing the error page fails, a plain page says so, with the details and a
 * link home. It depends on nothing that could have failed (no translations, no router).
 */
class ErrorPageBoundary extends Component<{ children: ReactNode }, FallbackState> {
  override state: FallbackState = { failure: null };

  static getDerivedStateFromError(failure: Error): FallbackState {
    return { failure };
  }

  override render() {
    if (!this.state.failure) return this.props.children;
    return (
      <section className="container py-5">
        <h1 className="h4">An error occurred while showing the error page</h1>
        <pre className="small bg-body-tertiary p-3 text-wrap">{this.state.failure.message}</pre>
        <a href="/">Go back to home</a>
      </section>
    );
  }
}

export function ErrorPage(props: ErrorPageProps) {
  return (
    <ErrorPageBoundary>
      <ErrorPageContent {...props} />
    </ErrorPageBoundary>
  );
}

export function NotFoundPage() {
  return <ErrorPage statusCode={404} />;
}
