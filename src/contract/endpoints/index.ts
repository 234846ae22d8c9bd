import type { Endpoint } from '@contract/endpoint';
import { accountApi } from './account';
import { accountDeletionApi } from './account-deletion';
import { adminBusinessApi } from './admin-business';
import { authApi } from './auth';
import { blocksApi } from './blocks';
import { chatApi, chatPhotoApi, chatPhotoFileApi } from './chat';
import { fictionalProfilesApi } from './fictional-profiles';
import { dataExportApi } from './data-export';
import { geoApi, pageBouncesApi } from './geo';
import { landersApi } from './landers';
import { likesApi } from './likes';
import { memberLandingApi } from './member-landing';
import { moderationApi } from './moderation';
import { membersApi } from './members';
import { notificationsApi } from './notifications';
import { operatorInboxApi } from './operator-inbox';
import { paymentsApi } from './payments';
import { photosApi } from './photos';
import { profilesApi } from './profiles';
import { settingsApi } from './settings';
import { sitesApi } from './sites';
import { staffApi } from './staff';
import { swipeGameApi } from './swipe-game';
import { visitsApi } from './visits';

/** Every endpoint of the API, for the checks that must see them all (tests, docs). */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  authApi,
  accountApi,
  accountDeletionApi,
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
  visitsApi,
  staffApi,
  operatorInboxApi,
  moderationApi,
  sitesApi,
  fictionalProfilesApi,
  adminBusinessApi,
  dataExportApi,
  notificationsApi,
].flatMap((group) => Object.values(group) as Endpoint[]);
