import type { LanderMember } from '@contract/landers';
import type { LanderDesignProps } from '../lander-design-props';
import { LanderAdultsNote } from '../lander-adults-note';
import { FictionalNote } from '../fictional-tag';
import { MemberCaption, usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import './collage.scss';

// The wall holds 18 tiles, two of them large: 8 columns by 3 rows on wide screens; phones and
// tablets show the first 12 (collage.scss), so the wall is always whole.
const WALL_TILES = 18;

/** The members on the wall, repeated from the start when the site has fewer. */
function wallOf(members: LanderMember[]): LanderMember[] {
  if (members.length === 0) return [];
  return Array.from({ length: WALL_TILES }, (_, index) => members[index % members.length]!);
}

/** A collage: a wall of members' photos in mixed sizes behind one welcoming card. */
export default function Collage({ members, title, subtitle }: LanderDesignProps) {
  const photoAlt = usePhotoAlt();
  const tiles = wallOf(members);
  return (
    <div className="collage">
      <ul className="collage-wall list-unstyled mb-0">
        {tiles.map((member, index) => {
          // A member shown twice to fill a small site's wall is shown to the eye only.
          const repeated = index >= members.length;
          return (
            <li
              key={index}
              className={`collage-tile${index === 0 || index === 7 ? ' is-large' : ''}`}
              aria-hidden={repeated || undefined}
            >
              <img
                className="lander-photo"
                src={member.photo}
                alt={repeated ? '' : photoAlt(member)}
                width={600}
                height={600}
              />
              <div className="collage-caption">
                <MemberCaption member={member} />
              </div>
            </li>
          );
        })}
      </ul>
      <section className="collage-card-wrap">
        <div className="collage-card shadow-lg">
          <h1 className="display-6 fw-bold mb-2">{title}</h1>
          <p className="mb-4 text-body-secondary">{subtitle}</p>
          <SignupCta />
          <LanderAdultsNote className="mt-3 text-body-secondary" />
          <div className="mt-3">
            <FictionalNote members={members} />
          </div>
        </div>
      </section>
    </div>
  );
}
