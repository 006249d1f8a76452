import { Module, type DynamicModule } from '@nestjs/common';
import { FileStore, type FileStoreOptions } from './file-store.js';

/** The MinIO settings every process reads (nest-kit's `minioEnv`), as FileStore options. */
export function fileStoreOptionsFromEnv(env: {
  MINIO_ENDPOINT: string;
  MINIO_ACCESS_KEY: string;
  MINIO_SECRET_KEY: string;
  MINIO_BUCKET: string;
  MINIO_USE_SSL: boolean;
  MINIO_PUBLIC_URL?: string | undefined;
}): FileStoreOptions {
  return {
    endpoint: env.MINIO_ENDPOINT,
    accessKey: env.MINIO_ACCESS_KEY,
    secretKey: env.MINIO_SECRET_KEY,
    bucket: env.MINIO_BUCKET,
    useSsl: env.MINIO_USE_SSL,
    publicUrl: env.MINIO_PUBLIC_URL,
  };
}

/** Provides the app's one FileStore (inject `FileStore`). */
@Module({})
export class FilesModule {
  static forRoot(options: FileStoreOptions): DynamicModule {
    return { module: FilesModule, global: true, providers: [{ provide: FileStore, useValue: new FileStore(options) }], exports: [FileStore] };
  }
}
