import { BadRequestException, Injectable } from '@nestjs/common';
import { FileStore, type PutLimits, type StoredFile } from '@pm/files';
import busboy from 'busboy';
import type { Request } from 'express';

export interface UploadOptions extends PutLimits {
  /** The form field carrying the file (the spec's upload calls use `file`). */
  fileField?: string;
  /** Other text fields the form may carry, with their size limit; more or bigger ones are refused. */
  maxFields?: number;
  maxFieldBytes?: number;
}

export interface ReceivedUpload {
  file: StoredFile;
  /** The name the sender gave: for display and Content-Disposition only, never for the storage key. */
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Reads a multipart/form-data request with exactly one file and streams the file straight into the FileStore
 * (never buffered whole, never on disk). Hand-written BFF upload controllers call `receive(req, limits)` and then
 * hand the StoredFile to their service. Every refusal is a 4xx with a message the web app can show; a file that was
 * stored before the request turned out bad is removed again.
 */
@Injectable()
export class MultipartUploads {
  constructor(private readonly store: FileStore) {}

  receive(request: Request, options: UploadOptions): Promise<ReceivedUpload> {
    const fileField = options.fileField ?? 'file';
    const fields: Record<string, string> = {};
    return new Promise<ReceivedUpload>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: request.headers,
          // Browsers send the file name as raw UTF-8; busboy's latin1 default would garble "März.pdf".
          defParamCharset: 'utf8',
          limits: {
            files: 1,
            // One byte over the limit is enough for the FileStore to answer 413 with its message.
            fileSize: options.maxBytes + 1,
            fields: options.maxFields ?? 10,
            fieldSize: options.maxFieldBytes ?? 8 * 1024,
            fieldNameSize: 100,
            parts: (options.maxFields ?? 10) + 1,
            headerPairs: 20,
          },
        });
      } catch {
        reject(new BadRequestException('Send the file as multipart/form-data.'));
        return;
      }
      let stored: Promise<StoredFile> | undefined;
      let fileStream: NodeJS.ReadableStream & { destroy(): void } | undefined;
      let fileName = '';
      let settled = false;

      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        // Stop parsing and let the rest of the body drain, so the answer reaches the sender; the connection closes.
        request.unpipe(parser);
        request.resume();
        request.res?.setHeader('connection', 'close');
        // Ends the FileStore's read of a file still arriving, which aborts its multipart upload.
        fileStream?.destroy();
        void stored?.then((file) => this.store.remove(file.key)).catch(() => undefined);
        reject(error);
      };

      parser.on('file', (name, file, info) => {
        if (name !== fileField || stored) {
          file.resume();
          fail(new BadRequestException(stored ? 'Send one file per request.' : `The file must be sent in the "${fileField}" field.`));
          return;
        }
        fileName = info.filename ?? '';
        fileStream = file;
        stored = this.store.put(file, options);
        stored.catch(fail);
      });
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated || info.nameTruncated) fail(new BadRequestException(`The field "${name}" is too long.`));
        else fields[name] = value;
      });
      parser.on('filesLimit', () => fail(new BadRequestException('Send one file per request.')));
      parser.on('fieldsLimit', () => fail(new BadRequestException('The form has too many fields.')));
      parser.on('partsLimit', () => fail(new BadRequestException('The form has too many parts.')));
      parser.on('error', () => fail(new BadRequestException('The upload could not be read (malformed multipart body).')));
      parser.on('close', () => {
        if (settled) return;
        if (!stored) {
          fail(new BadRequestException(`No file was sent (expected in the "${fileField}" field).`));
          return;
        }
        stored.then(
          (file) => {
            if (settled) return;
            settled = true;
            resolve({ file, fileName, fields });
          },
          fail,
        );
      });
      request.on('close', () => {
        if (!request.complete) fail(new BadRequestException('The upload was interrupted.'));
      });
      request.pipe(parser);
    });
  }
}
