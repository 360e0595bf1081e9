import { useId, useState } from 'react';
import { Badge, Button, Form, Modal } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { authorName, MESSAGES, SCREENING_LIMITS, ZHobbyistCommentUpdate } from '@app/domain';
import type { THobbyistCommentUpdate } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { TextAreaField } from '../../ui/FormField.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useComments, useDeleteComment, useFlagComment, usePostComment } from './api.ts';
import type { HobbyistComment, HobbyistRecord } from './api.ts';
import { SCREENING_FAILURE } from './feedback.ts';
import { formatPhone } from './format.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { formatMoment } from '../../lib/dates.ts';

const S = MESSAGES.screening;
const resolver = zodResolver(ZHobbyistCommentUpdate);

function CommentEntry({ comment, recordId }: { comment: HobbyistComment; recordId: number }) {
  const { userId } = useSession();
  const remove = useDeleteComment(recordId);
  const flag = useFlagComment();
  const authorId = comment.attributes.user_provider?.data?.id;
  const mine = authorId !== undefined && authorId === userId;
  const [confirming, setConfirming] = useState(false);

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(comment.id);
      toast.success(S.commentDeleted);
      setConfirming(false);
    } catch (error) {
      toastApiFailure(error, SCREENING_FAILURE);
    }
  };
  const handleFlag = async () => {
    try {
      await flag.mutateAsync(comment.id);
      toast.success(S.flagged);
    } catch (error) {
      toastApiFailure(error, SCREENING_FAILURE);
    }
  };

  return (
    <li className="screening-comment">
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <strong className="screening-comment__author">{authorName(comment.attributes.user_provider)}</strong>
        {mine && (
          <Badge bg="secondary" className="fw-normal">
            {S.own}
          </Badge>
        )}
        <time className="small text-body-secondary ms-auto" dateTime={comment.attributes.createdAt}>
          {formatMoment(comment.attributes.createdAt)}
        </time>
      </div>
      <p className="mb-1 screening-comment__text">{comment.attributes.hobbyist_comment}</p>
      <div className="text-end">
        {mine ? (
          <Button
            variant="link"
            size="sm"
            className="text-danger p-0"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {S.deleteComment}
          </Button>
        ) : (
          <Button
            variant="link"
            size="sm"
            className="text-body-secondary p-0"
            disabled={flag.isPending || flag.isSuccess}
            onClick={() => void handleFlag()}
          >
            <i className="bi bi-flag me-1" aria-hidden="true" />
            {S.flag}
          </Button>
        )}
      </div>
      {mine && (
        <ConfirmDeleteDialog
          show={confirming}
          deleting={remove.isPending}
          prompt={S.deleteCommentPrompt}
          onConfirm={() => void handleDelete()}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** The comment form: Post disabled while the (trimmed) text is empty; the box clears once posted. */
function CommentForm({ recordId }: { recordId: number }) {
  const fieldId = useId();
  const post = usePostComment(recordId);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<{ hobbyist_comment: string }, unknown, THobbyistCommentUpdate>({
    resolver,
    defaultValues: { hobbyist_comment: '' },
  });
  const text = useWatch({ control, name: 'hobbyist_comment' });

  const handlePost = handleSubmit(async (values) => {
    try {
      await post.mutateAsync(values.hobbyist_comment);
      reset({ hobbyist_comment: '' });
    } catch (error) {
      toastApiFailure(error, SCREENING_FAILURE);
    }
  });

  return (
    <Form noValidate onSubmit={(event) => void handlePost(event)} className="screening-comment-form">
      <fieldset disabled={isSubmitting}>
        <TextAreaField
          id={fieldId}
          label={S.comment}
          rows={3}
          maxLength={SCREENING_LIMITS.comment}
          error={errors.hobbyist_comment}
          registration={register('hobbyist_comment')}
          className="mb-2"
        />
        <div className="text-end">
          <SubmitButton submitting={isSubmitting} disabled={text.trim() === ''}>
            {S.post}
          </SubmitButton>
        </div>
      </fieldset>
    </Form>
  );
}

/**
 * The comment dialog of a record (spec 001 §2, §4, §5): the comments, newest first,
 * each with its author and date; Delete on one's own, 'Flag as abusive or false' on another's; the form.
 */
export function CommentsDialog({
  record,
  show,
  onHide,
}: {
  record: HobbyistRecord | null;
  show: boolean;
  onHide: () => void;
}) {
  const titleId = useId();
  const comments = useComments(record?.id ?? null);
  const list = comments.data ?? [];
  return (
    <Modal show={show && record !== null} onHide={onHide} aria-labelledby={titleId} centered scrollable>
      <Modal.Header closeButton closeLabel={S.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          <i className="bi bi-chat-left-text me-2 text-accent" aria-hidden="true" />
          {S.commentsOn} {record ? formatPhone(record.attributes.phone_number) : ''}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {record && (
          <>
            {comments.isPending ? (
              <PanelLoading />
            ) : list.length === 0 ? (
              // A failed load reads as empty (spec 001 §8: comment failures are logged only).
              <p className="small text-body-secondary">{S.noComments}</p>
            ) : (
              <ul className="list-unstyled screening-comments" aria-label={S.comments}>
                {list.map((comment) => (
                  <CommentEntry key={comment.id} comment={comment} recordId={record.id} />
                ))}
              </ul>
            )}
            <CommentForm key={record.id} recordId={record.id} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {S.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
