import { useMediaQuery } from '@web/components/use-media-query';

/** Whether the visitor asked their system for less motion: the landers then stand still. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
