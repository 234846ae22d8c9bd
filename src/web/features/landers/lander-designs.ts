import { type ComponentType, lazy } from 'react';
import type { LanderName } from '@contract/landers';
import type { LanderDesignProps } from './lander-design-props';

type Design = ComponentType<LanderDesignProps>;

/** Each lander's design is its own chunk: a visitor downloads only the one they landed on. */
export const LANDER_DESIGNS: Record<LanderName, Design> = {
  alonetonight: lazy(() => import('./designs/alone-tonight')),
  collagelanding: lazy(() => import('./designs/collage')),
  gallery: lazy(() => import('./designs/gallery')),
  iconslanding: lazy(() => import('./designs/icons-grid')),
  maplanding: lazy(() => import('./designs/region-map')),
  socialnetwork: lazy(() => import('./designs/social-feed')),
  tinderswipe: lazy(() => import('./designs/swipe-demo')),
  transitionsvideolanding: lazy(() => import('./designs/photo-transitions')),
  video: lazy(() => import('./designs/video-player')),
};
