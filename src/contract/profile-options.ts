// spec §3 "Profile attributes": the choices a member picks from. The web app translates each
// value under profile.options.<attribute>.<value>; the server stores the value.
export const PROFILE_OPTIONS = {
  gender: ['female', 'male'],
  seeking: ['female', 'male', 'both'],
  sexuality: ['straight', 'gay', 'bisexual'],
  hair_color: ['black', 'brown', 'blonde', 'red', 'grey', 'other'],
  eye_color: ['brown', 'blue', 'green', 'grey', 'hazel'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'muscular', 'large'],
  relationship_status: ['single', 'divorced', 'widowed', 'separated'],
} as const;

export type ProfileAttribute = keyof typeof PROFILE_OPTIONS;
export const PROFILE_ATTRIBUTES = Object.keys(PROFILE_OPTIONS) as ProfileAttribute[];

export const ABOUT_MAX_LENGTH = 500;
