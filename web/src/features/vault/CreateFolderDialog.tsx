import { FolderAddOutlined } from '@ant-design/icons';
import { CreateFolder, vaultLimits } from '@pm/contracts';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useCreateFolderMutation } from '../../app/generated/vault-api.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { contractRules } from '../../lib/forms/contract-rules.js';

/** "Create New Folder" (spec 001 §2 Vault): a name (required) and a description, in the folder being viewed. */
export function CreateFolderButton({ locationId, parentFolderId }: { locationId: string; parentFolderId: string | null }) {
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const [create, creating] = useCreateFolderMutation();
  // One key per dialog opening: a retried click creates the folder once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const submit = async ({ name, description }: { name: string; description?: string }) => {
    try {
      await create({ name: name.trim(), description: description?.trim() || undefined, parent_folder_id: parentFolderId, property_location_id: locationId, idempotencyKey: key }).unwrap();
      setOpen(false);
      form.resetFields();
      setKey(crypto.randomUUID());
    } catch (failure) {
      // The server's reason when it has one (a name taken here, a folder nested too deep).
      notification.error({ title: errorMessage(failure, 'Failed to create folder') });
    }
  };
  return (
    <>
      <Button icon={<FolderAddOutlined />} onClick={() => setOpen(true)}>
        New Folder
      </Button>
      <Modal open={open} title="Create New Folder" okText="Create" okButtonProps={{ loading: creating.isLoading }} onOk={() => form.submit()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Form.Item name="name" label="Folder name" rules={contractRules(CreateFolder.request.shape.name)}>
            <Input maxLength={vaultLimits.folderName} />
          </Form.Item>
          <Form.Item name="description" label="Description">
            <Input.TextArea maxLength={vaultLimits.folderDescription} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
