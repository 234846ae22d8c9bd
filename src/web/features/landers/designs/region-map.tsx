import { useTranslation } from '@web/i18n/use-translation';
import type { LanderMember } from '@contract/landers';
import { countryName } from '@web/components/country-name';
import type { LanderDesignProps } from '../lander-design-props';
import { hexPoints, tileMap } from '../hex-layout';
import { LanderAdultsNote } from '../lander-adults-note';
import { FictionalNote } from '../fictional-tag';
import { MemberCaption, usePhotoAlt } from '../member-caption';
import { SignupCta } from '../signup-cta';
import './region-map.scss';

/**
 * A map of regions: the country as a tile map of its regions, each where the region lies,
 * shaded by how many members live there and showing a face from it. Regions only, never a
 * member's place.
 */
export default function RegionMap({ members, map, title, subtitle }: LanderDesignProps) {
  const { t, i18n } = useTranslation('landers');
  const photoAlt = usePhotoAlt();
  const regions = map?.regions ?? [];
  const country = countryName(map?.country ?? '', i18n.language);
  const faceOf = new Map<string, LanderMember>();
  for (const member of members) {
    if (member.region && !faceOf.has(member.region)) faceOf.set(member.region, member);
  }
  const busiest = [...regions].sort((a, b) => b.count - a.count).filter((r) => r.count > 0);
  const most = Math.max(1, ...regions.map((region) => region.count));
  const { cells, width, height } = tileMap(regions);

  return (
    <div className="region-map-lander">
      <section className="container py-5">
        <div className="row align-items-center g-4 g-lg-5">
          <div className="col-lg-5">
            <p className="region-map-kicker fw-semibold mb-2">{country}</p>
            <h1 className="display-5 fw-bold mb-3">{title}</h1>
            <p className="lead text-body-secondary mb-4">{subtitle}</p>
            <SignupCta />
            <LanderAdultsNote className="mt-3 text-body-secondary" />
          </div>
          <div className="col-lg-7">
            <figure className="region-map-figure mb-0">
              <svg
                className="region-map-svg"
                viewBox={`0 0 ${width} ${height}`}
                role="img"
                aria-label={t('maplanding.mapLabel', { country })}
              >
                <defs>
                  {cells.map((cell, index) => (
                    <clipPath key={index} id={`region-cell-${index}`}>
                      <polygon points={hexPoints(cell, 0.9)} />
                    </clipPath>
                  ))}
                </defs>
                {regions.map((region, index) => {
                  const cell = cells[index]!;
                  const face = faceOf.get(region.name);
                  const share = region.count / most;
                  return (
                    <g key={region.name} className="region-map-cell">
                      <title>
                        {t('maplanding.regionCount', { count: region.count, region: region.name })}
                      </title>
                      <polygon
                        points={hexPoints(cell, 0.94)}
                        className={region.count > 0 ? 'region-map-hex is-lived' : 'region-map-hex'}
                        style={{ fillOpacity: region.count > 0 ? 0.35 + 0.65 * share : 1 }}
                      />
                      {face && (
                        <image
                          href={face.thumb}
                          x={cell.x - 0.9}
                          y={cell.y - 0.9}
                          width={1.8}
                          height={1.8}
                          clipPath={`url(#region-cell-${index})`}
                          preserveAspectRatio="xMidYMid slice"
                        />
                      )}
                      {!face && (
                        <text className="region-map-label" x={cell.x} y={cell.y} dy="0.08">
                          {shortName(region.name)}
                        </text>
                      )}
                      {region.count > 0 && (
                        <g className="region-map-count">
                          <circle cx={cell.x + 0.55} cy={cell.y + 0.5} r={0.32} />
                          <text x={cell.x + 0.55} y={cell.y + 0.5} dy="0.11">
                            {region.count}
                          </text>
                        </g>
                      )}
                    </g>
                  );
                })}
              </svg>
              <figcaption className="small text-body-secondary text-center mt-2">
                {t('maplanding.caption')}
              </figcaption>
            </figure>
          </div>
        </div>
      </section>
      {busiest.length > 0 && (
        <section className="region-map-list py-5" aria-labelledby="region-map-busiest">
          <div className="container">
            <h2 id="region-map-busiest" className="h4 fw-bold text-center mb-4">
              {t('maplanding.busiest')}
            </h2>
            <ol className="region-map-regions list-unstyled mb-4">
              {busiest.slice(0, 6).map((region) => {
                const face = faceOf.get(region.name);
                return (
                  <li key={region.name} className="region-map-region">
                    {face ? (
                      <img src={face.thumb} alt={photoAlt(face)} width={200} height={200} />
                    ) : (
                      <span className="region-map-region-dot" aria-hidden="true" />
                    )}
                    <span className="region-map-region-text">
                      <span className="lander-member-name">{region.name}</span>
                      <span className="lander-member-region">
                        {t('maplanding.members', { count: region.count })}
                      </span>
                      {face && (
                        <span className="region-map-face small d-block text-truncate">
                          <MemberCaption member={face} region={false} />
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ol>
            <div className="text-center">
              <SignupCta />
              <div className="mt-4">
                <FictionalNote members={members} />
              </div>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}

/** A region's name as it fits in its cell: long names end in an ellipsis (the title has it whole). */
const shortName = (name: string) => (name.length > 13 ? `${name.slice(0, 12)}…` : name);
