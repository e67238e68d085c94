import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, withError } from './common';

/**
 * App versions and downloads (docs/product.md §3 "App version", §4 "App update", §7 `app-version/app-qr` and
 * `get-version`; docs/app-version.md). Operators publish versions per platform and the download
 * links the profile's "App download" page shows as QR codes. The update decision the client
 * makes from `get-version`'s answer is `app-update.ts`.
 */

/** The platforms an installed app runs on; the web build is neither and never updates itself. */
export const APP_PLATFORMS = ['ios', 'android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];
/** docs/product.md §3: a forced update (must_update) or one the user may decline (choose_update). */
export const APP_UPDATE_TAGS = ['must_update', 'choose_update'] as const;
export type AppUpdateTag = (typeof APP_UPDATE_TAGS)[number];

/** A version number: 1 to 4 dotted whole numbers without leading zeros, each at most 6 digits ("1.10.0"). */
export const VERSION_NO_PATTERN = '^(0|[1-9][0-9]{0,5})(\\.(0|[1-9][0-9]{0,5})){0,3}$';
export const VERSION_NO_MAX = 27;
export const VersionNo = Type.String({
  minLength: 1,
  maxLength: VERSION_NO_MAX,
  pattern: VERSION_NO_PATTERN,
  ...withError('APP_VERSION_NO_INVALID'),
});
export const AppPlatformSchema = Type.Enum(APP_PLATFORMS, withError('APP_PLATFORM_INVALID'));
export const AppUpdateTagSchema = Type.Enum(APP_UPDATE_TAGS);

export const APP_LINK_MAX = 500;
/** A download or update link: an http(s) address without spaces. */
export const AppLink = Type.String({
  minLength: 8,
  maxLength: APP_LINK_MAX,
  pattern: '^https?://[^\\s]+$',
  ...withError('APP_LINK_INVALID'),
});
export const APP_DESCRIPTION_MAX = 2000;
export const APP_DOWNLOAD_LABEL_MAX = 60;
/** At most this many download entries (each a QR code on the page). */
export const APP_DOWNLOADS_MAX = 8;

/** `get-version`: the platform and the version the client runs. */
export const GetVersionQuery = Type.Object(
  { platform: AppPlatformSchema, versionNo: VersionNo },
  { additionalProperties: false },
);
export type GetVersionQuery = Static<typeof GetVersionQuery>;

export const AppVersionInfo = Type.Object({
  versionNo: Type.String(),
  description: Type.String(),
  linkUpdateHot: Type.String(),
  linkUpdateFull: Type.String(),
});
export type AppVersionInfo = Static<typeof AppVersionInfo>;

/**
 * `get-version`'s data: the newest published version and its tag when it is newer than the
 * client's; both null when the client is up to date (docs/app-version.md "The update decision").
 */
export const GetVersionResult = Type.Object({
  version: Type.Union([AppVersionInfo, Type.Null()]),
  newUpdateTag: Type.Union([AppUpdateTagSchema, Type.Null()]),
});
export type GetVersionResult = Static<typeof GetVersionResult>;
export const GetVersionResponse = Envelope(GetVersionResult);

/** One download of the app: the link its QR code encodes. */
export const AppDownload = Type.Object(
  {
    platform: AppPlatformSchema,
    label: Type.String({ minLength: 1, maxLength: APP_DOWNLOAD_LABEL_MAX }),
    url: AppLink,
  },
  { additionalProperties: false },
);
export type AppDownload = Static<typeof AppDownload>;
/** `app-qr`: the stored download list, in the operators' order (empty: no app to download yet). */
export const AppQrResponse = Envelope(Type.Array(AppDownload));

/**
 * Added by this project: the web app's build id, a hex digest of its sources the build writes into
 * the app and into its dist (`build.json`); docs/app-version.md "The web app's update check".
 */
export const WEB_BUILD_ID_PATTERN = '^[0-9a-f]{8,64}$';
export const WebBuildId = Type.String({ minLength: 8, maxLength: 64, pattern: WEB_BUILD_ID_PATTERN });

/** `web-build`: the build the browser runs and the API level it was built against. */
export const WebBuildQuery = Type.Object(
  { buildId: WebBuildId, apiLevel: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
  { additionalProperties: false },
);
export type WebBuildQuery = Static<typeof WebBuildQuery>;

/**
 * `web-build`'s data: the build the server serves now (null when it serves none) and what the browser
 * running `buildId` should do: null (it runs that build, or there is none to load), choose_update (a
 * new deployment: offer a reload) or must_update (the new one is needed: the API moved past the
 * browser's level, so reload before going on).
 */
export const WebBuildResult = Type.Object({
  buildId: Type.Union([Type.String(), Type.Null()]),
  newUpdateTag: Type.Union([AppUpdateTagSchema, Type.Null()]),
});
export type WebBuildResult = Static<typeof WebBuildResult>;
export const WebBuildResponse = Envelope(WebBuildResult);

/** Added by this project: the company's address for /open-location (configuration COMPANY_ADDRESS; null when unset). */
export const CompanyAddressResponse = Envelope(Type.Object({ address: Type.Union([Type.String(), Type.Null()]) }));

// ----- the back office -------------------------------------------------------------------------

/** Publish a version: it is live at once and must be newer than every version of its platform. */
export const AppVersionPublish = Type.Object(
  {
    platform: AppPlatformSchema,
    versionNo: VersionNo,
    description: Type.String({ minLength: 1, maxLength: APP_DESCRIPTION_MAX, multiline: true }),
    linkUpdateHot: AppLink,
    linkUpdateFull: AppLink,
    newUpdateTag: AppUpdateTagSchema,
  },
  { additionalProperties: false },
);
export type AppVersionPublish = Static<typeof AppVersionPublish>;

export const AdminAppVersion = Type.Object({
  id: Type.Integer(),
  platform: AppPlatformSchema,
  versionNo: Type.String(),
  description: Type.String(),
  linkUpdateHot: Type.String(),
  linkUpdateFull: Type.String(),
  newUpdateTag: AppUpdateTagSchema,
  publishedAt: EpochMs,
});
export type AdminAppVersion = Static<typeof AdminAppVersion>;
export const AdminAppVersionResponse = Envelope(AdminAppVersion);
/** Every published version, newest first per platform. */
export const AdminAppVersionsResponse = Envelope(
  Type.Object({
    versions: Type.Array(AdminAppVersion),
    downloads: Type.Array(AppDownload),
  }),
);

/** The download list, replaced whole (its order is the page's). */
export const AppDownloadsSave = Type.Object(
  {
    items: Type.Array(AppDownload, { maxItems: APP_DOWNLOADS_MAX }),
  },
  { additionalProperties: false },
);
export type AppDownloadsSave = Static<typeof AppDownloadsSave>;
export const AppDownloadsResponse = Envelope(Type.Array(AppDownload));
