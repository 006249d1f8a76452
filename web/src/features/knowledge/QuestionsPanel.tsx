import { Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useDeleteQuestionMutation, useListQuestionsQuery, useUpdateQuestionMutation } from '../../app/generated/portfolio-api.js';
import { ConfirmActionDialog } from '../../lib/dialogs/ConfirmActionDialog.js';
import { knowledgeMessages as m, type Question } from './knowledge.js';
import { AddQuestionDialog } from '../../app/knowledge/AddQuestionDialog.js';
import { questionFields } from '../../app/knowledge/knowledge-texts.js';
import { KnowledgeItemDialog } from '../../app/knowledge/KnowledgeItemDialog.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';

/** The location's Q&A items with Add, Edit and Delete Q&A Item. */
export function QuestionsPanel({ locationId }: { locationId: string }) {
  const questions = useListQuestionsQuery({ location_id: locationId });
  const [updateQuestion] = useUpdateQuestionMutation();
  const [deleteQuestion] = useDeleteQuestionMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Question | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  useLoadErrorToast(questions.isError, m.questionsFetchFailed);

  return (
    <Card
      title={<PageTitle>Questions &amp; Answers</PageTitle>}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          Add Q&A Item
        </Button>
      }
    >
      <Table<Question>
        rowKey="id"
        loading={questions.isLoading}
        dataSource={questions.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No questions & answers yet' }}
        columns={[
          { title: 'Question', dataIndex: 'question', key: 'question' },
          { title: 'Answer', dataIndex: 'answer', key: 'answer' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_value, item) => (
              <Space>
                <Button size="small" aria-label={`Edit ${item.question}`} onClick={() => setEditing(item)}>
                  Edit
                </Button>
                <Button size="small" danger aria-label={`Delete ${item.question}`} onClick={() => setDeleting(item)}>
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AddQuestionDialog open={adding} locationId={locationId} onClose={() => setAdding(false)} />
      <KnowledgeItemDialog
        open={editing !== null}
        title="Edit Q&A Item"
        submitLabel="Save"
        fields={questionFields}
        initialValues={editing ? { question: editing.question, answer: editing.answer } : undefined}
        save={(values) => updateQuestion({ id: editing!.id, question: values.question!, answer: values.answer! }).unwrap()}
        success={m.questionUpdated}
        failure={m.questionUpdateFailed}
        onClose={() => setEditing(null)}
      />
      <ConfirmActionDialog
        confirmLabel="Delete"
        open={deleting !== null}
        title="Delete Q&A Item"
        text={deleting ? `Are you sure you want to delete "${deleting.question}"?` : ''}
        action={() => deleteQuestion({ id: deleting!.id }).unwrap()}
        success={m.questionDeleted}
        failure={m.questionDeleteFailed}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
