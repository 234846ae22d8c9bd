import { type ComponentProps, Suspense, lazy, useState } from 'react';

const BootstrapModal = lazy(() => import('react-bootstrap/Modal'));

type ModalProps = ComponentProps<typeof BootstrapModal>;

/**
 * react-bootstrap's Modal, loaded the first time one is shown: most visits never open a
 * dialog, so its code (and its transition and focus libraries) stays out of the first page
 * load (issue 25 item 6). Same props and parts as react-bootstrap's; once loaded it stays
 * mounted, so closing animates as before.
 */
export function Modal(props: ModalProps) {
  const [wanted, setWanted] = useState(Boolean(props.show));
  if (props.show && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BootstrapModal {...props} />
    </Suspense>
  );
}

Modal.Header = lazy(() => import('react-bootstrap/ModalHeader'));
Modal.Title = lazy(() => import('react-bootstrap/ModalTitle'));
Modal.Body = lazy(() => import('react-bootstrap/ModalBody'));
Modal.Footer = lazy(() => import('react-bootstrap/ModalFooter'));
