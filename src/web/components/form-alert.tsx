import type { ReactNode } from 'react';

/**
 * A form's outcome: a success is announced politely (status), a failure assertively (alert).
 * Renders nothing without content, so forms can pass their optional messages straight in.
 */
export function FormAlert({
  variant,
  children,
}: {
  variant: 'success' | 'danger';
  children?: ReactNode;
}) {
  if (!children) return null;
  return (
    <div className={`alert alert-${variant}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
