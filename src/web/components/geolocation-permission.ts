import { useEffect, useState } from 'react';

/** spec §4 "Geolocation permission: unsupported, unknown, or the browser state." */
export type GeolocationPermission = 'unsupported' | 'unknown' | PermissionState;

/** The geolocation permission, kept current when the visitor changes it in the browser. */
export function useGeolocationPermission(): GeolocationPermission {
  const [permission, setPermission] = useState<GeolocationPermission>(() =>
    typeof navigator !== 'undefined' && 'geolocation' in navigator ? 'unknown' : 'unsupported',
  );
  const supported = permission !== 'unsupported';
  useEffect(() => {
    if (!supported || !navigator.permissions) return;
    let status: PermissionStatus | undefined;
    let cancelled = false;
    const update = () => status && setPermission(status.state);
    navigator.permissions.query({ name: 'geolocation' }).then(
      (result) => {
        if (cancelled) return;
        status = result;
        update();
        status.addEventListener('change', update);
      },
      // Some browsers cannot be asked: the state stays unknown until the visitor tries.
      () => undefined,
    );
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, [supported]);
  return permission;
}
