import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { bulkLimits } from '@pm/contracts';
import { bulkMessages } from './bulk-messages.js';

/**
 * The files of an e-mail form, kept in the form until it is sent (nothing is uploaded before Send): at most
 * `bulkLimits.attachments`, each at most `bulkLimits.attachmentBytes`; the BFF enforces both again while reading.
 */
export function attachmentRules() {
  return [
    {
      validator: (_rule: unknown, files: UploadFile[] | undefined) => {
        const list = files ?? [];
        if (list.length > bulkLimits.attachments) return Promise.reject(new Error(bulkMessages.tooManyFiles));
        const big = list.find((file) => (file.size ?? 0) > bulkLimits.attachmentBytes);
        return big ? Promise.reject(new Error(bulkMessages.fileTooLarge(big.name))) : Promise.resolve();
      },
    },
  ];
}

/** Form.Item `getValueFromEvent` for an Upload: its file list. */
export const fileListOf = (event: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(event) ? event : event.fileList);

/** The picked files as the form call sends them. */
export const filesOf = (list: UploadFile[] | undefined): File[] => (list ?? []).map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => file !== undefined);

export function AttachmentsPicker(props: { value?: UploadFile[]; onChange?: (info: { fileList: UploadFile[] }) => void; id?: string }) {
  return (
    <Upload multiple beforeUpload={() => false} fileList={props.value ?? []} onChange={props.onChange} accept=".pdf,.doc,.docx,.xlsx,.png,.jpg,.jpeg,.gif,.webp,.heic,.tif,.tiff">
      <Button id={props.id} icon={<UploadOutlined />}>
        Attach files
      </Button>
    </Upload>
  );
}
