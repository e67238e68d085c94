import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminAppVersionResponse,
  AdminAppVersionsResponse,
  AppDownloadsResponse,
  AppDownloadsSave,
  AppQrResponse,
  AppVersionPublish,
  CompanyAddressResponse,
  GetVersionQuery,
  GetVersionResponse,
  WebBuildQuery,
  WebBuildResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from '../audit';
import type { AppVersionService } from './service';

const tags = ['app-version'];
const adminTags = ['admin'];
/** Who publishes versions and changes the download links. */
const ROLES = ['admin'] as const;

/** App versions and downloads (docs/product.md §7 "news, notifications, app"; docs/app-version.md). Public: an app asks before anyone logs in. */
export const appVersionRoutes: FastifyPluginAsync<{ appVersions: AppVersionService }> = async (
  base,
  { appVersions },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/app-version/app-qr',
    {
      schema: schema({
        tags,
        summary:
          "The app's download links in the operators' order, each shown as a QR code (empty: no app to download yet)",
        response: AppQrResponse,
      }),
    },
    async (_req, reply) => reply.ok(await appVersions.downloads()),
  );

  app.get(
    '/asset/api/app-version/get-version',
    {
      schema: schema({
        tags,
        summary:
          'Whether an installed app (ios, android) running versionNo should update: the newest version and must_update or choose_update, or both null when up to date. Version numbers compare numerically part by part',
        querystring: GetVersionQuery,
        response: GetVersionResponse,
      }),
    },
    async (req, reply) => reply.ok(await appVersions.getVersion(req.query)),
  );

  app.get(
    '/asset/api/app-version/web-build',
    {
      schema: schema({
        tags,
        summary:
          "The web app's deployed build, and whether a browser running buildId (built at API level apiLevel) should reload: choose_update for another build, must_update when the API's level has moved past the browser's, null when it runs the deployed build or none is served",
        querystring: WebBuildQuery,
        response: WebBuildResponse,
      }),
    },
    async (req, reply) => reply.ok(await appVersions.webBuild(req.query)),
  );

  app.get(
    '/asset/api/app-version/company-address',
    {
      schema: schema({
        tags,
        summary:
          "The company's address as text for /open-location (configuration COMPANY_ADDRESS; null when not configured)",
        response: CompanyAddressResponse,
      }),
    },
    async (_req, reply) => reply.ok(appVersions.companyAddress()),
  );
};

/** The back office's app versions and download links (admin; audited). */
export const appVersionAdminRoutes: FastifyPluginAsync<{ appVersions: AppVersionService }> = async (
  base,
  { appVersions },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/app-versions/list',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Every published app version (per platform, newest number first) and the download links (admin)',
        response: AdminAppVersionsResponse,
        roles: ROLES,
      }),
    },
    async (_req, reply) => reply.ok(await appVersions.adminList()),
  );

  app.post(
    '/admin/api/app-versions/publish',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Publish an app version at once: newer than every version of its platform; audited (admin)',
        body: AppVersionPublish,
        response: AdminAppVersionResponse,
        roles: ROLES,
      }),
    },
    async (req, reply) => reply.ok(await appVersions.publish(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/app-versions/downloads/save',
    {
      schema: schema({
        tags: adminTags,
        summary:
          "Replace the download links the profile's App download page shows as QR codes (at most 8, in this order); audited (admin)",
        body: AppDownloadsSave,
        response: AppDownloadsResponse,
        roles: ROLES,
      }),
    },
    async (req, reply) => reply.ok(await appVersions.saveDownloads(actorOf(req), req.body.items)),
  );
};
