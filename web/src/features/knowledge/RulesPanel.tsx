import { Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useCreateRuleMutation, useDeleteRuleMutation, useListRulesQuery, useUpdateRuleMutation } from '../../app/generated/portfolio-api.js';
import { ConfirmActionDialog } from '../../lib/dialogs/ConfirmActionDialog.js';
import { knowledgeMessages as m, type Rule } from './knowledge.js';
import { KnowledgeItemDialog } from '../../app/knowledge/KnowledgeItemDialog.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { CreateRule } from '@pm/contracts';

const ruleFields = [
  { name: 'description', label: 'Description', schema: CreateRule.request.shape.description },
  { name: 'expected_output', label: 'Expected output', schema: CreateRule.request.shape.expected_output },
] as const;

/** The location's rules with Add, Edit and Delete Rule. */
export function RulesPanel({ locationId }: { locationId: string }) {
  const rules = useListRulesQuery({ location_id: locationId });
  const [createRule] = useCreateRuleMutation();
  const [updateRule] = useUpdateRuleMutation();
  const [deleteRule] = useDeleteRuleMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Rule | null>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  useLoadErrorToast(rules.isError, m.rulesFetchFailed);

  return (
    <Card
      title={<PageTitle>Rules</PageTitle>}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          Add Rule
        </Button>
      }
    >
      <Table<Rule>
        rowKey="id"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No rules yet' }}
        columns={[
          { title: 'Description', dataIndex: 'description', key: 'description' },
          { title: 'Expected output', dataIndex: 'expected_output', key: 'expected_output' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_value, item) => (
              <Space>
                <Button size="small" aria-label={`Edit ${item.description}`} onClick={() => setEditing(item)}>
                  Edit
                </Button>
                <Button size="small" danger aria-label={`Delete ${item.description}`} onClick={() => setDeleting(item)}>
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <KnowledgeItemDialog
        open={adding}
        title="Add Rule"
        submitLabel="Add"
        fields={ruleFields}
        save={(values) => createRule({ location_id: locationId, description: values.description!, expected_output: values.expected_output! }).unwrap()}
        success={m.ruleCreated}
        failure={m.ruleCreateFailed}
        onClose={() => setAdding(false)}
      />
      <KnowledgeItemDialog
        open={editing !== null}
        title="Edit Rule"
        submitLabel="Save"
        fields={ruleFields}
        initialValues={editing ? { description: editing.description, expected_output: editing.expected_output } : undefined}
        save={(values) => updateRule({ id: editing!.id, description: values.description!, expected_output: values.expected_output! }).unwrap()}
        success={m.ruleUpdated}
        failure={m.ruleUpdateFailed}
        onClose={() => setEditing(null)}
      />
      <ConfirmActionDialog
        confirmLabel="Delete"
        open={deleting !== null}
        title="Delete Rule"
        text={deleting ? `Are you sure you want to delete the rule "${deleting.description}"?` : ''}
        action={() => deleteRule({ id: deleting!.id }).unwrap()}
        success={m.ruleDeleted}
        failure={m.ruleDeleteFailed}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
