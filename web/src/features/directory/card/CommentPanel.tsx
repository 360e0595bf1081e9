import { formatCommentTime, MESSAGES, ENGAGEMENT_LIMITS, ZCommentUpdate } from '@app/domain';
import { useCardViewer } from './api.ts';
import { authorName, useComments, usePostComment } from './panelApi.ts';
import { PanelHint } from './PanelHint.tsx';
import { PanelLoading } from './PanelStatus.tsx';
import { PostForm } from './PostForm.tsx';

const M = MESSAGES.comments;

/**
 * The Comment panel (spec 001 §2, §4, §5): the provider's comments, newest first, with the
 * commenter's name and when; the form for hobbyists. Loaded when the panel first opens.
 */
export default function CommentPanel({ providerId }: { providerId: number }) {
  const { isHobbyist, isLoggedIn } = useCardViewer();
  const comments = useComments(providerId);
  const postComment = usePostComment(providerId);
  const now = new Date();

  return (
    <>
      <h3 className="provider-card__panel-title">{M.title}</h3>
      {comments.isPending ? (
        <PanelLoading />
      ) : (comments.data ?? []).length === 0 ? (
        // A failed load is only logged (spec 001 §8): the panel then reads as empty.
        <p className="small text-body-secondary">{M.empty}</p>
      ) : (
        <ul className="provider-card__entries list-unstyled">
          {comments.data!.map((item) => (
            <li key={item.id} className="provider-card__entry">
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <strong className="provider-card__author">{authorName(item.attributes.user)}</strong>
                <time className="small text-body-secondary" dateTime={item.attributes.createdAt}>
                  {formatCommentTime(item.attributes.createdAt, now)}
                </time>
              </div>
              <p className="mb-0 provider-card__entry-text">{item.attributes.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {isHobbyist ? (
        <PostForm
          schema={ZCommentUpdate.shape.comment}
          label={M.title}
          placeholder={M.placeholder}
          submitText={M.post}
          maxLength={ENGAGEMENT_LIMITS.comment}
          onPost={(text) => postComment.mutateAsync(text)}
        />
      ) : (
        <PanelHint isLoggedIn={isLoggedIn} />
      )}
    </>
  );
}
