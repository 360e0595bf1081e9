import { lazy, Suspense } from 'react';
import { authorName, MESSAGES } from '@app/domain';
import { useCardViewer } from '../../app/viewer.ts';
import { PanelHint } from '../../ui/PanelHint.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { usePosts, usePostText } from './posts.ts';
import type { PostField, PostKind } from './posts.ts';

// Only hobbyists write: everyone else reads the posts without loading the form, its rules and zod.
const PostForm = lazy(() => import('./PostForm.tsx'));

/**
 * A card's panel of one kind of post (spec 001 §2, §4 to §6): the posts the viewer may read, newest
 * first, each with its author and when; the form for hobbyists, a hint for anyone else. Loaded when
 * the panel first opens.
 */
export function PostPanel<F extends PostField>({
  providerId,
  kind,
}: {
  providerId: number;
  kind: PostKind<F>;
}) {
  const { isHobbyist, isLoggedIn, userId } = useCardViewer();
  const posts = usePosts(kind, providerId);
  const postText = usePostText(kind, providerId);
  const now = new Date();
  const { texts, EntryAction } = kind;

  return (
    <>
      <h3 className="provider-card__panel-title">{texts.title}</h3>
      {posts.isPending ? (
        <PanelLoading />
      ) : (posts.data ?? []).length === 0 ? (
        // A failed load is only logged (spec 001 §8): the panel then reads as empty.
        <p className="small text-body-secondary">{texts.empty}</p>
      ) : (
        <ul className="provider-card__entries list-unstyled">
          {posts.data!.map((item) => {
            const { fromProvider } = item.attributes;
            // The ad's owner's messages are shown as the provider's, never by the account's name.
            const mine = fromProvider ? !isHobbyist : item.attributes.user?.data?.id === userId;
            return (
              <li key={item.id} className="provider-card__entry">
                <div className="d-flex flex-wrap justify-content-between gap-2">
                  <strong className="provider-card__author">
                    {fromProvider ? MESSAGES.cardMessages.fromProvider : authorName(item.attributes.user)}
                  </strong>
                  <time className="small text-body-secondary" dateTime={item.attributes.createdAt}>
                    {kind.formatTime(item.attributes.createdAt, now)}
                  </time>
                </div>
                <p className="mb-0 provider-card__entry-text">{item.attributes[kind.field]}</p>
                {EntryAction && !mine && <EntryAction postId={item.id} />}
              </li>
            );
          })}
        </ul>
      )}
      {isHobbyist ? (
        <Suspense fallback={<PanelLoading />}>
          <PostForm
            field={kind.field}
            label={texts.title}
            placeholder={texts.placeholder}
            submitText={texts.submit}
            maxLength={kind.maxLength}
            onPost={(text) => postText.mutateAsync(text)}
          />
        </Suspense>
      ) : (
        <PanelHint isLoggedIn={isLoggedIn} />
      )}
    </>
  );
}
