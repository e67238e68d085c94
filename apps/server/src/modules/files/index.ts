// The files module's face: other modules, app.ts, tests and scripts import only from here.
export { FileService, type UploadKind } from './service';
export { fileRoutes } from './routes';
export { privateUploadId, uploadNames } from './uploads';
export { DiskFileStore, PgFileStore, S3FileStore, createFileStore, type FileStore } from './store';
