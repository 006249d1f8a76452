import { limits, type Question } from '@pm/contracts';
import { knowledgeMessages as m, questionFields } from './knowledge-texts.js';
import { KnowledgeItemDialog } from './KnowledgeItemDialog.js';
import { useCreateQuestionMutation } from '../generated/portfolio-api.js';

export interface AddQuestionDialogProps {
  open: boolean;
  /** The location the item is added to: the form does not ask for it. */
  locationId: string;
  /** A question to start from (a tenant's message the AI could not answer); the answer is always left to the manager. */
  question?: string;
  /** Told the saved item once the BFF has answered (the item exists in portfolio then), before the dialog closes. */
  onCreated?: (question: Question) => void;
  onClose: () => void;
}

/** Add Q&A Item (spec 001 §5): Question and Answer, both required, for the given location. */
export function AddQuestionDialog({ open, locationId, question, onCreated, onClose }: AddQuestionDialogProps) {
  const [createQuestion] = useCreateQuestionMutation();
  const start = question?.trim().slice(0, limits.question);
  return (
    <KnowledgeItemDialog
      open={open}
      title="Add Q&A Item"
      submitLabel="Add"
      fields={questionFields}
      initialValues={start ? { question: start } : undefined}
      save={async (values) => {
        const created = await createQuestion({ location_id: locationId, question: values.question!, answer: values.answer! }).unwrap();
        onCreated?.(created);
        return created;
      }}
      success={m.questionCreated}
      failure={m.questionCreateFailed}
      onClose={onClose}
    />
  );
}
