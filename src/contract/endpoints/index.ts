import type { Endpoint } from '@contract/endpoint';
import { accountApi } from './account';
import { authApi } from './auth';
import { blocksApi } from './blocks';
import { chatApi, chatPhotoApi, chatPhotoFileApi } from './chat';
import { geoApi, pageBouncesApi } from './geo';
import { landersApi } from './landers';
import { likesApi } from './likes';
import { memberLandingApi } from './member-landing';
import { membersApi } from './members';
import { notificationsApi } from './notifications';
import { operatorInboxApi } from './operator-inbox';
import { paymentsApi } from './payments';
import { photosApi } from './photos';
import { profilesApi } from './profiles';
import { settingsApi } from './settings';
import { staffApi } from './staff';
import { swipeGameApi } from './swipe-game';

/** Every endpoint of the API, for the checks that must see them all (tests, docs). */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  authApi,
  accountApi,
  profilesApi,
  photosApi,
  blocksApi,
  membersApi,
  likesApi,
  chatApi,
  { chatPhotoApi, chatPhotoFileApi },
  swipeGameApi,
  settingsApi,
  paymentsApi,
  memberLandingApi,
  landersApi,
  geoApi,
  pageBouncesApi,
  staffApi,
  operatorInboxApi,
  notificationsApi,
].flatMap((group) => Object.values(group) as Endpoint[]);
