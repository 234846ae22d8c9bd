import { useState } from 'react';
import { Modal } from '@web/components/modal';
import { useTranslation } from '@web/i18n/use-translation';
import { dismiss } from '@web/components/dismissals';
import { useSite } from '@web/components/site-context';
import { shouldShowSiteEntryWarning } from './site-entry-rule';

export function SiteEntryWarning() {
  const { t } = useTranslation();
  const site = useSite();
  const [show, setShow] = useState(() => shouldShowSiteEntryWarning(site));
  const enter = () => {
    dismiss('hide-site-entry-warning');
    setShow(false);
  };
  return (
    <Modal
      show={show}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="site-entry-warning-title"
    >
      <Modal.Header>
        <Modal.Title id="site-entry-warning-title">{t('entryWarning.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          {t('entryWarning.body', { minAge: site.min_age, siteName: site.name })}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => window.location.replace('about:blank')}
        >
          {t('entryWarning.leave')}
        </button>
        <button type="button" className="btn btn-primary" onClick={enter} autoFocus>
          {t('entryWarning.enter', { minAge: site.min_age })}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
