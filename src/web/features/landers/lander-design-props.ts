import type { LanderAnswer, LanderMember } from '@contract/landers';

/** What every lander design is drawn from. */
export interface LanderDesignProps {
  members: LanderMember[];
  /** maplanding only: the country and its regions with member counts. */
  map: LanderAnswer['map'];
  /** The headline and subline, the variant's headline set where it has one. */
  title: string;
  subtitle: string;
}
