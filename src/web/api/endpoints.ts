import { type TypedRoute, typedRoutes } from '@contract/endpoint';
import type { accountApi as AccountApi } from '@contract/endpoints/account';
import type { accountDeletionApi as AccountDeletionApi } from '@contract/endpoints/account-deletion';
import type { authApi as AuthApi } from '@contract/endpoints/auth';
import type { blocksApi as BlocksApi } from '@contract/endpoints/blocks';
import type {
  chatApi as ChatApi,
  chatPhotoApi as ChatPhotoApi,
  chatPhotoFileApi as ChatPhotoFileApi,
} from '@contract/endpoints/chat';
import type { geoApi as GeoApi, pageBouncesApi as PageBouncesApi } from '@contract/endpoints/geo';
import type { landersApi as LandersApi } from '@contract/endpoints/landers';
import type { likesApi as LikesApi } from '@contract/endpoints/likes';
import type { memberLandingApi as MemberLandingApi } from '@contract/endpoints/member-landing';
import type { membersApi as MembersApi } from '@contract/endpoints/members';
import type { notificationsApi as NotificationsApi } from '@contract/endpoints/notifications';
import type { paymentsApi as PaymentsApi } from '@contract/endpoints/payments';
import type { photosApi as PhotosApi } from '@contract/endpoints/photos';
import type { profilesApi as ProfilesApi } from '@contract/endpoints/profiles';
import type { settingsApi as SettingsApi } from '@contract/endpoints/settings';
import type { swipeGameApi as SwipeGameApi } from '@contract/endpoints/swipe-game';
import type { visitsApi as VisitsApi } from '@contract/endpoints/visits';
import { accountRoutes } from '@contract/api-routes/account';
import { accountDeletionRoutes } from '@contract/api-routes/account-deletion';
import { authRoutes } from '@contract/api-routes/auth';
import { blocksRoutes } from '@contract/api-routes/blocks';
import { chatPhotoFileRoute, chatPhotoRoute, chatRoutes } from '@contract/api-routes/chat';
import { geoRoutes, pageBouncesRoutes } from '@contract/api-routes/geo';
import { landersRoutes } from '@contract/api-routes/landers';
import { likesRoutes } from '@contract/api-routes/likes';
import { memberLandingRoutes } from '@contract/api-routes/member-landing';
import { membersRoutes } from '@contract/api-routes/members';
import { notificationsRoutes } from '@contract/api-routes/notifications';
import { paymentsRoutes } from '@contract/api-routes/payments';
import { photosRoutes } from '@contract/api-routes/photos';
import { profilesRoutes } from '@contract/api-routes/profiles';
import { settingsRoutes } from '@contract/api-routes/settings';
import { swipeGameRoutes } from '@contract/api-routes/swipe-game';
import { visitsRoutes } from '@contract/api-routes/visits';

/**
 * The contract's endpoints as the web app calls them: method and path from the route tables,
 * types from the endpoint objects (imported as types only). Answers are not parsed again in
 * the browser: the server writes each one through its answer schema (docs/decisions.md), and
 * zod stays out of the first page load (issue 25 item 6).
 */
export const accountApi = typedRoutes<typeof AccountApi>(accountRoutes);
export const accountDeletionApi = typedRoutes<typeof AccountDeletionApi>(accountDeletionRoutes);
export const authApi = typedRoutes<typeof AuthApi>(authRoutes);
export const blocksApi = typedRoutes<typeof BlocksApi>(blocksRoutes);
export const chatApi = typedRoutes<typeof ChatApi>(chatRoutes);
export const chatPhotoApi: TypedRoute<typeof ChatPhotoApi> = chatPhotoRoute;
export const chatPhotoFileApi: TypedRoute<typeof ChatPhotoFileApi> = chatPhotoFileRoute;
export const geoApi = typedRoutes<typeof GeoApi>(geoRoutes);
export const pageBouncesApi = typedRoutes<typeof PageBouncesApi>(pageBouncesRoutes);
export const landersApi = typedRoutes<typeof LandersApi>(landersRoutes);
export const likesApi = typedRoutes<typeof LikesApi>(likesRoutes);
export const memberLandingApi = typedRoutes<typeof MemberLandingApi>(memberLandingRoutes);
export const membersApi = typedRoutes<typeof MembersApi>(membersRoutes);
export const notificationsApi = typedRoutes<typeof NotificationsApi>(notificationsRoutes);
export const paymentsApi = typedRoutes<typeof PaymentsApi>(paymentsRoutes);
export const photosApi = typedRoutes<typeof PhotosApi>(photosRoutes);
export const profilesApi = typedRoutes<typeof ProfilesApi>(profilesRoutes);
export const settingsApi = typedRoutes<typeof SettingsApi>(settingsRoutes);
export const swipeGameApi = typedRoutes<typeof SwipeGameApi>(swipeGameRoutes);
export const visitsApi = typedRoutes<typeof VisitsApi>(visitsRoutes);
